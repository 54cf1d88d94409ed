package org.gatehouse.graphql.whiteboard.internal.servlet;

import java.util.Locale;

/**
 * Chooses the response media type from the {@code Accept} header, as the GraphQL-over-HTTP specification
 * asks: the highest-weighted supported type wins, {@code application/graphql-response+json} (whose status
 * codes tell request errors apart) when the client accepts anything or sends no {@code Accept} at all (the
 * specification's default since 2025), and null when the client accepts neither supported type (406).
 */
final class MediaTypes {
    static final String GRAPHQL_RESPONSE = "application/graphql-response+json";
    static final String JSON = "application/json";

    private MediaTypes() {}

    static String negotiate(String accept) {
        if (accept == null || accept.isBlank()) {
            return GRAPHQL_RESPONSE;
        }
        String best = null;
        double bestWeight = 0;
        for (String range : accept.split(",")) {
            String[] parts = range.split(";");
            String type = parts[0].trim().toLowerCase(Locale.ROOT);
            // a named type beats a wildcard of the same weight
            double weight = weight(parts) - (type.endsWith("*") ? 1e-4 : 0);
            String candidate = switch (type) {
                case GRAPHQL_RESPONSE, "*/*", "application/*" -> GRAPHQL_RESPONSE;
                case JSON -> JSON;
                default -> null;
            };
            if (candidate != null && weight > bestWeight) {
                best = candidate;
                bestWeight = weight;
            }
        }
        return best;
    }

    private static double weight(String[] parameters) {
        for (int i = 1; i < parameters.length; i++) {
            String parameter = parameters[i].trim();
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
