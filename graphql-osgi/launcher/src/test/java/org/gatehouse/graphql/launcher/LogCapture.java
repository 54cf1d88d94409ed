package org.gatehouse.graphql.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records what the gateway logs, at every level: the gateway writes through System.Logger, which goes to
 * java.util.logging in this runtime, under logger names starting with {@code org.gatehouse.graphql}.
 */
final class LogCapture extends Handler implements AutoCloseable {
    private final Logger logger = Logger.getLogger("org.gatehouse.graphql");
    private final Level previous;
    private final List<LogRecord> records = new ArrayList<>();

    LogCapture() {
        previous = logger.getLevel();
        logger.setLevel(Level.ALL);
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        records.add(record);
    }

    synchronized List<LogRecord> records() {
        return List.copyOf(records);
    }

    synchronized void clear() {
        records.clear();
    }

    /** The message of a record with its parameters filled in. */
    static String text(LogRecord record) {
        String message = record.getMessage();
        Object[] parameters = record.getParameters();
        return parameters == null ? message : java.text.MessageFormat.format(message, parameters);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
        logger.setLevel(previous);
    }
}
