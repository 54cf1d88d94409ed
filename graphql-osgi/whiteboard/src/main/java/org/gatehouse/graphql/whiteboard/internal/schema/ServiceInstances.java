package org.gatehouse.graphql.whiteboard.internal.schema;

/**
 * Gives the service object behind a root field for the current request. Put into the GraphQL context
 * under {@link #CONTEXT_KEY}; the OSGi implementation takes one instance per service and request from
 * {@code ServiceObjects} and releases them all when the request ends.
 */
public interface ServiceInstances {
    /** Key of the instance in {@code graphql.GraphQLContext}. */
    String CONTEXT_KEY = ServiceInstances.class.getName();

    /**
     * The service object for the binding.
     *
     * @throws IllegalStateException when the service went away
     */
    Object instanceFor(ServiceBinding binding);
}
