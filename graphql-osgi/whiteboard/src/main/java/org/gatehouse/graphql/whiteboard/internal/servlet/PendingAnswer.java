package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionResult;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.gatehouse.graphql.whiteboard.internal.runtime.OperationCancelledException;

/**
 * The answer of a request whose operations still run after the HTTP thread went back to the pool (servlet
 * async mode). Every second it writes one space (JSON allows leading whitespace) once the answer is sure
 * to be 200, which commits status and type and is how a client that went away is noticed: the write fails
 * and the operations are cancelled. The answer is written on a container thread when the results are in,
 * right after the service instances of the request are released.
 */
final class PendingAnswer implements AsyncListener {
    private static final System.Logger LOG = System.getLogger(PendingAnswer.class.getName());
    private static final long KEEP_ALIVE_MS = 1000;

    private final AsyncContext async;
    private final HttpServletResponse response;
    private final RequestExecution execution;
    private final Answers answers;
    private final boolean batch;
    private final String mediaType;
    private final AutoCloseable instances;
    private ScheduledFuture<?> keepAlive;
    private boolean committed;
    private boolean done;

    PendingAnswer(AsyncContext async, HttpServletResponse response, RequestExecution execution, Answers answers, boolean batch,
            String mediaType, AutoCloseable instances) {
        this.async = async;
        this.response = response;
        this.execution = execution;
        this.answers = answers;
        this.batch = batch;
        this.mediaType = mediaType;
        this.instances = instances;
    }

    void start(ScheduledExecutorService scheduler) {
        // the operations' own time limits end them; the container must not
        async.setTimeout(0);
        async.addListener(this);
        synchronized (this) {
            keepAlive = scheduler.scheduleWithFixedDelay(this::keepAlive, KEEP_ALIVE_MS, KEEP_ALIVE_MS, TimeUnit.MILLISECONDS);
        }
        execution.results().whenComplete((results, failure) -> {
            try {
                async.start(() -> finish(results));
            } catch (IllegalStateException containerDone) {
                // the container already ended the request (client gone): release the instances here
                finish(results);
            }
        });
    }

    private synchronized void keepAlive() {
        if (done || !execution.answerIsOk()) {
            return;
        }
        try {
            if (!committed) {
                response.setStatus(200);
                response.setContentType(mediaType + ";charset=UTF-8");
                committed = true;
            }
            response.getOutputStream().write(' ');
            response.flushBuffer();
        } catch (IOException | RuntimeException e) {
            clientGone();
        }
    }

    private synchronized void finish(List<ExecutionResult> results) {
        done = true;
        keepAlive.cancel(false);
        // released before the answer goes out: a client that has its answer finds the request over
        close();
        try {
            answers.results(response, batch, results, mediaType, committed);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, () -> "GraphQL answer not delivered: " + e);
        } finally {
            try {
                async.complete();
            } catch (IllegalStateException alreadyComplete) {
                // the container completed it after an I/O error
            }
        }
    }

    private void clientGone() {
        LOG.log(Level.DEBUG, "GraphQL client went away; cancelling its operations");
        execution.cancel(OperationCancelledException.clientGone());
    }

    private void close() {
        try {
            instances.close();
        } catch (Exception e) {
            LOG.log(Level.DEBUG, () -> "releasing service instances failed: " + e);
        }
    }

    @Override
    public void onError(AsyncEvent event) {
        clientGone();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        clientGone();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        // nothing to release: finish() did
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // not re-dispatched
    }
}
