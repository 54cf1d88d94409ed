package org.gatehouse.graphql.testbundle;

import graphql.schema.DataFetchingEnvironment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gatehouse.graphql.api.GraphqlOperation;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Component;

/** For the time-limit tests: each slow method ends only when the gateway cancels it, and counts how. */
@Component
@GraphqlQueryService
public class SlowServiceImpl implements SlowService {
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger interrupted = new AtomicInteger();
    private final AtomicInteger cancelledSeen = new AtomicInteger();
    private final AtomicInteger futuresCancelled = new AtomicInteger();

    @Override
    public String quick() {
        return "quick";
    }

    @Override
    public String sleeping() {
        inside.incrementAndGet();
        try {
            Thread.sleep(TimeUnit.MINUTES.toMillis(1));
            return "slept";
        } catch (InterruptedException e) {
            interrupted.incrementAndGet();
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            inside.decrementAndGet();
        }
    }

    @Override
    public String watching(DataFetchingEnvironment env) {
        GraphqlOperation operation = env.getGraphQlContext().get(GraphqlOperation.class);
        inside.incrementAndGet();
        try {
            long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (!operation.isCancelled() && System.nanoTime() < end) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    // this method relies on the operation's flag, not on the interrupt
                }
            }
            if (operation.isCancelled()) {
                cancelledSeen.incrementAndGet();
            }
            return "watched";
        } finally {
            inside.decrementAndGet();
        }
    }

    @Override
    public CompletableFuture<String> pending() {
        CompletableFuture<String> future = new CompletableFuture<>();
        future.whenComplete((value, failure) -> {
            if (future.isCancelled()) {
                futuresCancelled.incrementAndGet();
            }
        });
        return future;
    }

    @Override
    public String stats() {
        return "inside=" + inside + " interrupted=" + interrupted + " cancelledSeen=" + cancelledSeen + " futuresCancelled="
                + futuresCancelled;
    }
}
