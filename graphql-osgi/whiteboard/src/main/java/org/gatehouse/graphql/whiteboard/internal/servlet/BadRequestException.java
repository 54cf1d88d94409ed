package org.gatehouse.graphql.whiteboard.internal.servlet;

import java.util.Map;

/**
 * A request the gateway refuses before execution (the client's mistake, or a missing authenticator),
 * with its HTTP status and the response headers that go with it ({@code Allow}, {@code WWW-Authenticate}).
 */
final class BadRequestException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final transient Map<String, String> headers;

    BadRequestException(int status, String message) {
        this(status, message, Map.of());
    }

    BadRequestException(int status, String message, Map<String, String> headers) {
        super(message);
        this.status = status;
        this.headers = Map.copyOf(headers);
    }

    int status() {
        return status;
    }

    Map<String, String> headers() {
        return headers;
    }
}
