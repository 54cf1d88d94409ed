package org.gatehouse.graphql.api;

/**
 * Thrown by a service method when the request cannot be answered for a reason the client may know (an
 * unknown id, a value out of range). Its message reaches the client as a GraphQL error, with {@code code}
 * as {@code extensions.code} when given. Every other exception is unexpected: the gateway replaces its
 * message with an error id and logs the stack trace under that id (unless the gateway is configured with
 * {@link GraphqlConstants#EXPOSE_EXCEPTIONS} for development).
 */
public class GraphqlClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String code;

    public GraphqlClientException(String message) {
        this(message, null);
    }

    public GraphqlClientException(String message, String code) {
        super(message);
        this.code = code;
    }

    /** A machine-readable error code for the client, or null. */
    public String code() {
        return code;
    }
}
