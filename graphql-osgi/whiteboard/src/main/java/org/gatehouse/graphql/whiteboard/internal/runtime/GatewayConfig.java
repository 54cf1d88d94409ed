package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.Map;
import java.util.TreeMap;
import org.gatehouse.graphql.api.GraphqlConstants;

/**
 * The settings of one gateway, read once from its configuration (component properties). Invalid values
 * fail activation with a message naming the property, instead of silently falling back.
 *
 * @param authenticator LDAP filter selecting the required {@code GraphqlAuthenticator} service, or null
 *     for a gateway without authentication
 * @param operationTimeoutMs time limit of one operation, 0 for none
 * @param resolverThreads threads that run service methods
 * @param longAsString {@code Long} values travel as JSON strings (for JavaScript clients)
 */
public record GatewayConfig(int maxDepth, int maxComplexity, long maxRequestBytes, int maxBatchSize, boolean graphiql,
        boolean introspection, boolean exposeExceptions, int documentCacheSize, long rebuildDelayMs,
        Map<String, String> responseHeaders, CorsConfig cors, String authenticator, long operationTimeoutMs, int resolverThreads,
        boolean longAsString) {

    public static final int DEFAULT_MAX_DEPTH = 20;
    public static final int DEFAULT_MAX_COMPLEXITY = 1000;
    public static final long DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;
    public static final int DEFAULT_MAX_BATCH_SIZE = 10;
    public static final int DEFAULT_DOCUMENT_CACHE_SIZE = 500;
    public static final long DEFAULT_REBUILD_DELAY_MS = 50;
    public static final long DEFAULT_OPERATION_TIMEOUT_MS = 30_000;
    public static final int DEFAULT_RESOLVER_THREADS = 16;

    public GatewayConfig {
        responseHeaders = Map.copyOf(responseHeaders);
    }

    /** The defaults, as an empty configuration entry gives them. */
    public static GatewayConfig defaults() {
        return from(Map.of());
    }

    public static GatewayConfig from(Map<String, ?> properties) {
        Map<String, String> headers = new TreeMap<>();
        properties.forEach((key, value) -> {
            if (key.startsWith(GraphqlConstants.RESPONSE_HEADER_PREFIX) && value != null) {
                headers.put(key.substring(GraphqlConstants.RESPONSE_HEADER_PREFIX.length()), String.valueOf(value));
            }
        });
        return new GatewayConfig(
                (int) ConfigValues.number(properties, GraphqlConstants.MAX_DEPTH, DEFAULT_MAX_DEPTH),
                (int) ConfigValues.number(properties, GraphqlConstants.MAX_COMPLEXITY, DEFAULT_MAX_COMPLEXITY),
                ConfigValues.number(properties, GraphqlConstants.MAX_REQUEST_BYTES, DEFAULT_MAX_REQUEST_BYTES),
                (int) ConfigValues.number(properties, GraphqlConstants.MAX_BATCH_SIZE, DEFAULT_MAX_BATCH_SIZE),
                ConfigValues.flag(properties, GraphqlConstants.GRAPHIQL_ENABLED, false),
                ConfigValues.flag(properties, GraphqlConstants.INTROSPECTION_ENABLED, true),
                ConfigValues.flag(properties, GraphqlConstants.EXPOSE_EXCEPTIONS, false),
                (int) ConfigValues.number(properties, GraphqlConstants.DOCUMENT_CACHE_SIZE, DEFAULT_DOCUMENT_CACHE_SIZE),
                ConfigValues.number(properties, GraphqlConstants.REBUILD_DELAY_MS, DEFAULT_REBUILD_DELAY_MS),
                headers,
                CorsConfig.from(properties),
                authenticatorFilter(properties),
                ConfigValues.number(properties, GraphqlConstants.OPERATION_TIMEOUT_MS, DEFAULT_OPERATION_TIMEOUT_MS),
                resolverThreads(properties),
                ConfigValues.flag(properties, GraphqlConstants.LONG_AS_STRING, false));
    }

    private static int resolverThreads(Map<String, ?> properties) {
        long threads = ConfigValues.number(properties, GraphqlConstants.RESOLVER_THREADS, DEFAULT_RESOLVER_THREADS);
        if (threads < 1) {
            throw new IllegalArgumentException(GraphqlConstants.RESOLVER_THREADS + " must be at least 1, got " + threads);
        }
        return (int) threads;
    }

    private static String authenticatorFilter(Map<String, ?> properties) {
        String filter = ConfigValues.string(properties, GraphqlConstants.AUTHENTICATOR);
        if (filter != null) {
            try {
                org.osgi.framework.FrameworkUtil.createFilter(filter);
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalArgumentException(GraphqlConstants.AUTHENTICATOR + " is not a valid LDAP filter: " + e.getMessage(), e);
            }
        }
        return filter;
    }
}
