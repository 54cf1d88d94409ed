package org.gatehouse.graphql.whiteboard.internal.servlet;

/** A request the gateway refuses before execution, with its HTTP status. */
final class BadRequestException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String allow;

    BadRequestException(int status, String message) {
        this(status, message, null);
    }

    BadRequestException(int status, String message, String allow) {
        super(message);
        this.status = status;
        this.allow = allow;
    }

    int status() {
        return status;
    }

    /** Value of the Allow header for 405 answers, else null. */
    String allow() {
        return allow;
    }
}
