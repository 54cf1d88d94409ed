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
    /** Maximum query depth (default 20; 0 disables the check). */
    public static final String MAX_DEPTH = "osgi.graphql.max.depth";
    /** Maximum query complexity, one point per field (default 1000; 0 disables the check). */
    public static final String MAX_COMPLEXITY = "osgi.graphql.max.complexity";
    /** Maximum request body size in bytes (default 1 MiB); larger bodies get 413. */
    public static final String MAX_REQUEST_BYTES = "osgi.graphql.max.request.bytes";
    /** Serve the GraphiQL page to browsers at the servlet root (default false). */
    public static final String GRAPHIQL_ENABLED = "osgi.graphql.graphiql.enabled";
    /** Allow introspection queries (default true). */
    public static final String INTROSPECTION_ENABLED = "osgi.graphql.introspection.enabled";
    /** Largest number of operations in one batch (a JSON array body; default 10; 0 refuses batches). */
    public static final String MAX_BATCH_SIZE = "osgi.graphql.max.batch.size";
    /**
     * Development switch: send the messages of unexpected service exceptions to clients (default false:
     * they are replaced by an error id, which the log records with the stack trace).
     */
    public static final String EXPOSE_EXCEPTIONS = "osgi.graphql.expose.exceptions";
    /** Number of parsed and validated query documents kept per schema (default 500; 0 turns the cache off). */
    public static final String DOCUMENT_CACHE_SIZE = "osgi.graphql.document.cache.size";
    /** Origins allowed to call the gateway from a browser (CORS), e.g. {@code https://app.example.com}; {@code *} for any. */
    public static final String CORS_ALLOWED_ORIGINS = "osgi.graphql.cors.allowed.origins";
    /** Methods a CORS preflight may ask for (default GET, POST). */
    public static final String CORS_ALLOWED_METHODS = "osgi.graphql.cors.allowed.methods";
    /** Request headers a CORS preflight may ask for (default Content-Type, Accept, Authorization). */
    public static final String CORS_ALLOWED_HEADERS = "osgi.graphql.cors.allowed.headers";
    /** Allow cross-origin requests with cookies or HTTP authentication (default false). */
    public static final String CORS_ALLOW_CREDENTIALS = "osgi.graphql.cors.allow.credentials";
    /** Seconds a browser may cache a preflight answer (default 600). */
    public static final String CORS_MAX_AGE = "osgi.graphql.cors.max.age";
    /**
     * LDAP filter selecting the {@link GraphqlAuthenticator} service that every request of the gateway must
     * pass. While no matching authenticator is registered, the gateway answers 503: it never falls back to
     * serving without authentication.
     */
    public static final String AUTHENTICATOR = "osgi.graphql.authenticator";
    /** Debounce delay of schema rebuilds in milliseconds (default 50). */
    public static final String REBUILD_DELAY_MS = "osgi.graphql.rebuild.delay.ms";
    /**
     * Time limit of one operation in milliseconds (default 30000; 0 sets none). When it passes, the operation
     * answers with what its fields resolved so far plus an error for each field still running, and those
     * resolvers are cancelled (see {@link GraphqlOperation}).
     */
    public static final String OPERATION_TIMEOUT_MS = "osgi.graphql.operation.timeout.ms";
    /** Threads that run the service methods of the gateway's operations (default 16). */
    public static final String RESOLVER_THREADS = "osgi.graphql.resolver.threads";
    /**
     * {@code true}: every {@code Long} value of the gateway is written and read as a JSON string
     * ({@code "9007199254740993"}), as {@code @GraphqlLongAsString} does for one field; JavaScript numbers hold
     * integers only up to 2^53 exactly (default false).
     */
    public static final String LONG_AS_STRING = "osgi.graphql.long.as.string";
    /** Property of the runtime service: number of successful schema builds. */
    public static final String CHANGE_COUNT = "service.changecount";
}
