package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.gatehouse.graphql.api.GraphqlOperation;
import org.gatehouse.graphql.whiteboard.internal.schema.ResolverCalls;

/**
 * One operation's service calls and time limit. Calls run on the gateway's resolver threads one after
 * another (as they did on the HTTP thread before), so a request-scoped service object is never used by two
 * threads at once. {@link #cancel} (time limit or client gone) fails every pending call with the reason,
 * interrupts the thread of the call running and cancels the futures that calls returned; graphql-java then
 * completes the operation with what resolved plus one error per field that did not.
 */
public final class RunningOperation implements GraphqlOperation, ResolverCalls {
    private final Executor resolvers;
    private final Instant deadline;
    private final ScheduledFuture<?> timer;
    private final Deque<Call> queue = new ArrayDeque<>();
    private final List<CompletableFuture<?>> returnedFutures = new ArrayList<>();
    private Call running;
    private Thread runner;
    private volatile OperationCancelledException cancellation;
    private volatile boolean executing;

    private record Call(Callable<Object> work, CompletableFuture<Object> result) {}

    RunningOperation(Executor resolvers, ScheduledExecutorService scheduler, long timeoutMs) {
        this.resolvers = resolvers;
        if (timeoutMs > 0) {
            deadline = Instant.now().plusMillis(timeoutMs);
            timer = scheduler.schedule(() -> cancel(OperationCancelledException.timeLimit(timeoutMs)), timeoutMs, TimeUnit.MILLISECONDS);
        } else {
            deadline = null;
            timer = null;
        }
    }

    @Override
    public boolean isCancelled() {
        return cancellation != null;
    }

    @Override
    public Instant deadline() {
        return deadline;
    }

    /** True once a service was called: the operation passed validation and its answer will carry {@code data}. */
    public boolean executing() {
        return executing;
    }

    /** The reason of the cancellation, or null while the operation may run. */
    public OperationCancelledException cancellation() {
        return cancellation;
    }

    @Override
    public CompletableFuture<Object> call(Callable<Object> work) {
        Call call = new Call(work, new CompletableFuture<>());
        executing = true;
        synchronized (this) {
            if (cancellation != null) {
                call.result().completeExceptionally(cancellation);
                return call.result();
            }
            queue.add(call);
            if (running == null) {
                startNext();
            }
        }
        return call.result();
    }

    /** Hands the next queued call to a resolver thread; the caller holds the lock. */
    private void startNext() {
        running = queue.poll();
        if (running == null) {
            return;
        }
        Call next = running;
        try {
            resolvers.execute(() -> run(next));
        } catch (RejectedExecutionException e) {
            running = null;
            next.result().completeExceptionally(new IllegalStateException("the gateway is stopping", e));
        }
    }

    private void run(Call call) {
        synchronized (this) {
            if (cancellation != null) {
                return;
            }
            runner = Thread.currentThread();
        }
        Object value = null;
        Throwable failure = null;
        try {
            value = call.work().call();
        } catch (Throwable e) {
            failure = e;
        }
        synchronized (this) {
            runner = null;
            // a cancel may have interrupted this thread; the pool thread goes back clean
            Thread.interrupted();
            if (value instanceof CompletionStage<?> stage) {
                value = stage.toCompletableFuture();
                returnedFutures.add((CompletableFuture<?>) value);
            }
        }
        complete(call.result(), value, failure);
        synchronized (this) {
            running = null;
            if (cancellation == null) {
                startNext();
            }
        }
    }

    private void complete(CompletableFuture<Object> result, Object value, Throwable failure) {
        if (failure != null) {
            result.completeExceptionally(failure);
        } else if (value instanceof CompletableFuture<?> future) {
            future.whenComplete((v, e) -> {
                if (e != null) {
                    OperationCancelledException reason = cancellation;
                    result.completeExceptionally(reason != null ? reason : e);
                } else {
                    result.complete(v);
                }
            });
        } else {
            result.complete(value);
        }
    }

    /**
     * Ends the operation early: pending and running calls fail with the reason, the running call's thread is
     * interrupted and the futures calls returned are cancelled. Only the first reason counts.
     */
    public void cancel(OperationCancelledException reason) {
        List<Call> failed = new ArrayList<>();
        List<CompletableFuture<?>> futures;
        synchronized (this) {
            if (cancellation != null) {
                return;
            }
            cancellation = reason;
            failed.addAll(queue);
            queue.clear();
            if (running != null) {
                failed.add(running);
            }
            futures = List.copyOf(returnedFutures);
        }
        // fail the fields first, so a method that returns when interrupted cannot still deliver its value
        failed.forEach(call -> call.result().completeExceptionally(reason));
        futures.forEach(future -> future.cancel(true));
        synchronized (this) {
            if (runner != null) {
                runner.interrupt();
            }
        }
    }

    /** The operation completed: its timer is no longer needed. */
    public void finished() {
        if (timer != null) {
            timer.cancel(false);
        }
    }
}
