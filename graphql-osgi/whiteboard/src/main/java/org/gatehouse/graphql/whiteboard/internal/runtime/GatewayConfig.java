package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.Map;
import java.util.TreeMap;
import org.gatehouse.graphql.api.GraphqlConstants;

/**
 * The settings of one gateway, read once from its configuration (component properties). Invalid numbers
 * fail activation with a message naming the property, instead of silently falling back.
 */
public record GatewayConfig(int maxDepth, int maxComplexity, long maxRequestBytes, boolean graphiql,
        boolean introspection, long rebuildDelayMs, Map<String, String> responseHeaders) {

    public static final int DEFAULT_MAX_DEPTH = 20;
    public static final int DEFAULT_MAX_COMPLEXITY = 1000;
    public static final long DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;
    public static final long DEFAULT_REBUILD_DELAY_MS = 50;

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
                (int) number(properties, GraphqlConstants.MAX_DEPTH, DEFAULT_MAX_DEPTH),
                (int) number(properties, GraphqlConstants.MAX_COMPLEXITY, DEFAULT_MAX_COMPLEXITY),
                number(properties, GraphqlConstants.MAX_REQUEST_BYTES, DEFAULT_MAX_REQUEST_BYTES),
                flag(properties, GraphqlConstants.GRAPHIQL_ENABLED, false),
                flag(properties, GraphqlConstants.INTROSPECTION_ENABLED, true),
                number(properties, GraphqlConstants.REBUILD_DELAY_MS, DEFAULT_REBUILD_DELAY_MS),
                headers);
    }

    private static long number(Map<String, ?> properties, String key, long fallback) {
        Object value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            long parsed = value instanceof Number n ? n.longValue() : Long.parseLong(value.toString().trim());
            if (parsed < 0 || parsed > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(key + " must be between 0 and " + Integer.MAX_VALUE + ", got " + value);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + value + "'", e);
        }
    }

    private static boolean flag(Map<String, ?> properties, String key, boolean fallback) {
        Object value = properties.get(key);
        return value == null ? fallback : Boolean.parseBoolean(value.toString().trim());
    }
}
