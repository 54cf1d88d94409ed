package org.gatehouse.graphql.api;

/** Service property names and defaults of the GraphQL whiteboard. */
public final class GraphqlConstants {
    private GraphqlConstants() {}

    /** Name of the {@code osgi.implementation} capability that the whiteboard bundle provides. */
    public static final String IMPLEMENTATION = "osgi.graphql";
    /** Version of that capability. */
    public static final String SPECIFICATION_VERSION = "1.0.0";

    /** Factory PID of the whiteboard configuration; a Configurator entry {@code GraphqlWhiteboard~<name>}. */
    public static final String WHITEBOARD_PID = "GraphqlWhiteboard";
    /** Default servlet pattern. */
    public static final String DEFAULT_PATTERN = "/graphql/*";

    /** {@code true} on a service whose interfaces become query types. */
    public static final String QUERY_MARKER = "osgi.graphql.query.marker";
    /** Root field / type name for the service's query interfaces. */
    public static final String QUERY_NAME = "osgi.graphql.query.name";
    /** Interface names to expose as query types (default: all registered interfaces). */
    public static final String QUERY_SERVICE = "osgi.graphql.query.service";
    /** {@code true} on a service whose interfaces become mutation types. */
    public static final String MUTATION_MARKER = "osgi.graphql.mutation.marker";
    /** Root field / type name for the service's mutation interfaces. */
    public static final String MUTATION_NAME = "osgi.graphql.mutation.name";
    /** Interface names to expose as mutation types. */
    public static final String MUTATION_SERVICE = "osgi.graphql.mutation.service";
    /** On a GraphQL service: an LDAP filter over whiteboard properties selecting the gateways that use it. */
    public static final String TARGET = "osgi.graphql.target";

    /** Prefix of whiteboard properties that set a fixed response header. */
    public static final String RESPONSE_HEADER_PREFIX = "osgi.graphql.response.header.";
    /** Maximum query depth (default 15; 0 disables the check). */
    public static final String MAX_DEPTH = "osgi.graphql.max.depth";
    /** Maximum query complexity, one point per field (default 1000; 0 disables the check). */
    public static final String MAX_COMPLEXITY = "osgi.graphql.max.complexity";
    /** Maximum request body size in bytes (default 1 MiB); larger bodies get 413. */
    public static final String MAX_REQUEST_BYTES = "osgi.graphql.max.request.bytes";
    /** Serve the GraphiQL page to browsers at the servlet root (default false). */
    public static final String GRAPHIQL_ENABLED = "osgi.graphql.graphiql.enabled";
    /** Allow introspection queries (default true). */
    public static final String INTROSPECTION_ENABLED = "osgi.graphql.introspection.enabled";
    /** Debounce delay of schema rebuilds in milliseconds (default 50). */
    public static final String REBUILD_DELAY_MS = "osgi.graphql.rebuild.delay.ms";
    /** Property of the runtime service: number of successful schema builds. */
    public static final String CHANGE_COUNT = "service.changecount";
}
