package org.gatehouse.graphql.launcher.services;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Implementation whose {@code slow()} waits until the test lets it go. */
public final class Greeter implements GreetingService, FarewellService {
    public final CountDownLatch entered = new CountDownLatch(1);
    public final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String hello(String name) {
        return "Hello " + name;
    }

    @Override
    public String bye(String name) {
        return "Bye " + name;
    }

    @Override
    public long big() {
        return 9_007_199_254_740_993L;
    }

    @Override
    public String broken() {
        throw new IllegalStateException("connection to db.internal:5432 refused for user app");
    }

    @Override
    public String slow() {
        entered.countDown();
        try {
            release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "finished";
    }
}
