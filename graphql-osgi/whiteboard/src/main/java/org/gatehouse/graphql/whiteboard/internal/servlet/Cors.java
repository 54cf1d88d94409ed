package org.gatehouse.graphql.whiteboard.internal.servlet;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.gatehouse.graphql.whiteboard.internal.runtime.CorsConfig;

/**
 * Applies a gateway's {@link CorsConfig}: answers preflights ({@code OPTIONS} with
 * {@code Access-Control-Request-Method}) and marks the answers to allowed origins. A request from an
 * origin that is not allowed is still answered (a same-origin POST carries an Origin header too), only
 * without CORS headers, so a browser keeps the answer from the foreign page.
 */
final class Cors {
    private final CorsConfig config;
    private final Set<String> allowedHeaders;
    private final String methods;
    private final String headers;

    Cors(CorsConfig config) {
        this.config = config;
        this.allowedHeaders = config.allowedHeaders().stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        this.methods = String.join(", ", config.allowedMethods());
        this.headers = String.join(", ", config.allowedHeaders());
    }

    static boolean isPreflight(HttpServletRequest request) {
        return "OPTIONS".equals(request.getMethod()) && request.getHeader("Origin") != null
                && request.getHeader("Access-Control-Request-Method") != null;
    }

    /** Answers a preflight: 204 with the allowed methods and headers, or a BadRequestException (403) saying what is not allowed. */
    void preflight(HttpServletRequest request, HttpServletResponse response) throws BadRequestException {
        String origin = request.getHeader("Origin");
        if (!config.enabled()) {
            throw new BadRequestException(403, "cross-origin requests are not enabled on this gateway");
        }
        if (!config.allowsOrigin(origin)) {
            throw new BadRequestException(403, "origin " + origin + " is not allowed");
        }
        String method = request.getHeader("Access-Control-Request-Method").trim().toUpperCase(Locale.ROOT);
        if (!config.allowedMethods().contains(method)) {
            throw new BadRequestException(403, "method " + method + " is not allowed cross-origin; allowed: " + methods);
        }
        String requested = request.getHeader("Access-Control-Request-Headers");
        if (requested != null) {
            for (String header : requested.split(",")) {
                String name = header.trim().toLowerCase(Locale.ROOT);
                if (!name.isEmpty() && !allowedHeaders.contains(name)) {
                    throw new BadRequestException(403, "request header " + header.trim() + " is not allowed cross-origin; allowed: " + headers);
                }
            }
        }
        allowOrigin(origin, response);
        response.setHeader("Access-Control-Allow-Methods", methods);
        response.setHeader("Access-Control-Allow-Headers", headers);
        response.setHeader("Access-Control-Max-Age", String.valueOf(config.maxAgeSeconds()));
        response.setStatus(204);
    }

    /** Marks the answer to an allowed cross-origin request. */
    void decorate(HttpServletRequest request, HttpServletResponse response) {
        String origin = request.getHeader("Origin");
        if (config.enabled() && config.allowsOrigin(origin)) {
            allowOrigin(origin, response);
        }
    }

    private void allowOrigin(String origin, HttpServletResponse response) {
        boolean any = config.allowedOrigins().contains("*");
        response.setHeader("Access-Control-Allow-Origin", any ? "*" : origin);
        if (!any) {
            response.addHeader("Vary", "Origin");
        }
        if (config.allowCredentials()) {
            response.setHeader("Access-Control-Allow-Credentials", "true");
        }
    }
}
