package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.execution.ExecutionId;
import graphql.execution.ExecutionIdProvider;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Execution ids from a counter. graphql-java's default draws a random UUID from SecureRandom for every
 * operation, a shared, locked source; the ids only tell executions apart (instrumentation, logs), which
 * a counter per gateway does as well.
 */
final class SequentialExecutionIds implements ExecutionIdProvider {
    private final AtomicLong next = new AtomicLong();

    @Override
    public ExecutionId provide(String query, String operationName, Object context) {
        return ExecutionId.from(Long.toString(next.incrementAndGet()));
    }
}
