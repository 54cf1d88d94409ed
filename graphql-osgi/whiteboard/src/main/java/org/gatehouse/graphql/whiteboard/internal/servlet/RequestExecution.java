package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.gatehouse.graphql.whiteboard.internal.runtime.OperationCancelledException;
import org.gatehouse.graphql.whiteboard.internal.runtime.RunningOperation;
import org.gatehouse.graphql.whiteboard.internal.servlet.ParsedBody.ParsedOperation;

/**
 * The operations of one request, run one after another, each as a {@link RunningOperation} with its own time
 * limit; {@link #results()} completes when the last one answered. When graphql-java has not assembled an
 * operation's answer a moment after its time limit (a model getter that does not return), the operation
 * answers {@code data: null} with the time-limit error, so the HTTP answer never waits on a stuck thread.
 */
final class RequestExecution {
    /** How long after its time limit graphql-java may take to answer with what resolved. */
    private static final long GRACE_MS = 1000;

    private final List<ParsedOperation> operations;
    private final ScheduledExecutorService scheduler;
    private final BiFunction<ParsedOperation, RunningOperation, CompletableFuture<ExecutionResult>> runner;
    private final Supplier<RunningOperation> start;
    private final CompletableFuture<List<ExecutionResult>> results = new CompletableFuture<>();
    private volatile RunningOperation current;
    private volatile OperationCancelledException cancelled;

    RequestExecution(List<ParsedOperation> operations, ScheduledExecutorService scheduler,
            BiFunction<ParsedOperation, RunningOperation, CompletableFuture<ExecutionResult>> runner, Supplier<RunningOperation> start) {
        this.operations = List.copyOf(operations);
        this.scheduler = scheduler;
        this.runner = runner;
        this.start = start;
        startAt(0, new ArrayList<>(operations.size()));
    }

    CompletableFuture<List<ExecutionResult>> results() {
        return results;
    }

    /** True once the answer is sure to be 200: a batch, or a single operation that passed validation. */
    boolean answerIsOk() {
        RunningOperation operation = current;
        return operations.size() > 1 || operation != null && operation.executing();
    }

    /** Cancels the operation running and every later one (the client went away). */
    void cancel(OperationCancelledException reason) {
        cancelled = reason;
        RunningOperation operation = current;
        if (operation != null) {
            operation.cancel(reason);
        }
    }

    private void startAt(int index, List<ExecutionResult> done) {
        if (index == operations.size()) {
            results.complete(done);
            return;
        }
        RunningOperation operation = start.get();
        current = operation;
        if (cancelled != null) {
            operation.cancel(cancelled);
        }
        CompletableFuture<ExecutionResult> answer = new CompletableFuture<>();
        ScheduledFuture<?> backstop = null;
        if (operation.deadline() != null) {
            long delay = Duration.between(Instant.now(), operation.deadline()).toMillis() + GRACE_MS;
            backstop = scheduler.schedule(() -> answer.complete(unfinished(operation)), Math.max(delay, 0), TimeUnit.MILLISECONDS);
        }
        ScheduledFuture<?> unneeded = backstop;
        runner.apply(operations.get(index), operation).whenComplete((result, failure) -> answer.complete(result));
        answer.whenComplete((result, failure) -> {
            if (unneeded != null) {
                unneeded.cancel(false);
            }
            operation.finished();
            done.add(result);
            startAt(index + 1, done);
        });
    }

    private static ExecutionResult unfinished(RunningOperation operation) {
        OperationCancelledException reason = operation.cancellation();
        return ExecutionResult.newExecutionResult().data(null)
                .addError(reason != null ? reason : OperationCancelledException.timeLimit(0)).build();
    }
}
