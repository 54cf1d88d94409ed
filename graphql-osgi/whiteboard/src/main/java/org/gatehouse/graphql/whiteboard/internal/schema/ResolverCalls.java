package org.gatehouse.graphql.whiteboard.internal.schema;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the service calls of one operation. Put into the GraphQL context under {@link #CONTEXT_KEY}; the
 * gateway's implementation runs them off the HTTP thread, one after another, and fails the ones still
 * pending when the operation is cancelled. Without it (schema tests) a call runs where the field is fetched.
 */
public interface ResolverCalls {
    /** Key of the instance in {@code graphql.GraphQLContext}. */
    String CONTEXT_KEY = ResolverCalls.class.getName();

    /**
     * Runs the call; the future completes with its value (when the value is itself a future, with that
     * future's value) or its failure, or fails with the cancellation error when the operation ends first.
     */
    CompletableFuture<Object> call(Callable<Object> call);
}
