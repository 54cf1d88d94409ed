package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one gateway that run service methods ({@code graphql-resolver-N}, at most
 * {@code osgi.graphql.resolver.threads}, idle ones end after 30 s) and the one timer thread that cancels
 * operations at their time limit and writes the keep-alive bytes of waiting answers. HTTP threads only read
 * requests and write answers, so slow service methods never hold them.
 */
public final class ResolverPool implements AutoCloseable {
    private static final AtomicInteger GATEWAYS = new AtomicInteger();

    private final ThreadPoolExecutor resolvers;
    private final ScheduledExecutorService timer;
    private final long timeoutMs;

    public ResolverPool(int threads, long timeoutMs) {
        int gateway = GATEWAYS.incrementAndGet();
        this.timeoutMs = timeoutMs;
        this.resolvers = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                named("graphql-resolver-" + gateway + "-"));
        resolvers.allowCoreThreadTimeOut(true);
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, named("graphql-timer-" + gateway + "-"));
        // most operations end long before their limit: their cancelled timers leave the queue at once
        scheduler.setRemoveOnCancelPolicy(true);
        this.timer = scheduler;
    }

    /** A new operation, its time limit starting now. */
    public RunningOperation start() {
        return new RunningOperation(resolvers, timer, timeoutMs);
    }

    public ScheduledExecutorService scheduler() {
        return timer;
    }

    @Override
    public void close() {
        resolvers.shutdownNow();
        timer.shutdownNow();
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
