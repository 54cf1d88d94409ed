package org.gatehouse.graphql.testbundle;

import graphql.schema.DataFetchingEnvironment;
import java.util.concurrent.CompletableFuture;

/** Service methods that take long in different ways, and what they saw of their cancellation. */
public interface SlowService {
    String quick();

    /** Sleeps a minute unless its thread is interrupted. */
    String sleeping();

    /** Ignores interrupts and waits until the operation says it is cancelled. */
    String watching(DataFetchingEnvironment env);

    /** A future nobody completes, unless the gateway cancels it. */
    CompletableFuture<String> pending();

    /** Counters: calls inside a slow method now, interrupts seen, cancelled operations seen, cancelled futures. */
    String stats();
}
