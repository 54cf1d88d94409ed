package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlConstants;

/**
 * Cross-origin settings of a gateway. CORS is off (no CORS headers, preflights refused) unless allowed
 * origins are configured. Origins are compared exactly (scheme, host and port), {@code *} allows any
 * origin; credentials cannot be combined with {@code *}, which browsers refuse anyway.
 */
public record CorsConfig(List<String> allowedOrigins, List<String> allowedMethods, List<String> allowedHeaders,
        boolean allowCredentials, long maxAgeSeconds) {

    public static final List<String> DEFAULT_METHODS = List.of("GET", "POST");
    public static final List<String> DEFAULT_HEADERS = List.of("Content-Type", "Accept", "Authorization");
    public static final long DEFAULT_MAX_AGE_SECONDS = 600;

    public CorsConfig {
        allowedOrigins = List.copyOf(allowedOrigins);
        allowedMethods = allowedMethods.stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
        allowedHeaders = List.copyOf(allowedHeaders);
    }

    static CorsConfig from(Map<String, ?> properties) {
        CorsConfig cors = new CorsConfig(
                ConfigValues.list(properties, GraphqlConstants.CORS_ALLOWED_ORIGINS, List.of()),
                ConfigValues.list(properties, GraphqlConstants.CORS_ALLOWED_METHODS, DEFAULT_METHODS),
                ConfigValues.list(properties, GraphqlConstants.CORS_ALLOWED_HEADERS, DEFAULT_HEADERS),
                ConfigValues.flag(properties, GraphqlConstants.CORS_ALLOW_CREDENTIALS, false),
                ConfigValues.number(properties, GraphqlConstants.CORS_MAX_AGE, DEFAULT_MAX_AGE_SECONDS));
        if (cors.allowCredentials && cors.allowedOrigins.contains("*")) {
            throw new IllegalArgumentException(GraphqlConstants.CORS_ALLOW_CREDENTIALS + " cannot be combined with "
                    + GraphqlConstants.CORS_ALLOWED_ORIGINS + "=*; list the origins");
        }
        for (String origin : cors.allowedOrigins) {
            if (!origin.equals("*") && !origin.matches("https?://[^/\\s]+")) {
                throw new IllegalArgumentException(GraphqlConstants.CORS_ALLOWED_ORIGINS
                        + " takes origins like https://app.example.com (scheme, host, optional port), got '" + origin + "'");
            }
        }
        return cors;
    }

    public boolean enabled() {
        return !allowedOrigins.isEmpty();
    }

    public boolean allowsOrigin(String origin) {
        return origin != null && (allowedOrigins.contains("*") || allowedOrigins.contains(origin));
    }
}
