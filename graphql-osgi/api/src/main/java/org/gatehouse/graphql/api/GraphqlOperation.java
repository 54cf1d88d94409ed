package org.gatehouse.graphql.api;

import java.time.Instant;

/**
 * The running GraphQL operation, as a service method sees it: put into the GraphQL context of every
 * operation, so a method with a {@code DataFetchingEnvironment} parameter reads it with
 * {@code env.getGraphQlContext().get(GraphqlOperation.class)}.
 *
 * <p>An operation is cancelled when its time limit ({@link GraphqlConstants#OPERATION_TIMEOUT_MS}) passes or
 * its client disconnects. The gateway then also interrupts the thread of a method still running and cancels
 * the future a method returned; a long-running method should check {@link #isCancelled()} (or its thread's
 * interrupt flag) between steps and stop.
 */
public interface GraphqlOperation {
    /** True once the operation's time limit passed or its client went away; results are no longer used. */
    boolean isCancelled();

    /** When the operation's time limit ends, or null when the gateway sets none. */
    Instant deadline();
}
