package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.language.SourceLocation;
import java.util.List;

/**
 * Why an operation ended before its fields resolved: its time limit passed or its client went away. It
 * fails each field still pending; being a {@link GraphQLError}, its text reaches the client as written here
 * (with the field's path), classified {@code TimeLimitExceeded} or {@code Cancelled}.
 */
public final class OperationCancelledException extends RuntimeException implements GraphQLError {
    private static final long serialVersionUID = 1L;

    private final transient ErrorClassification kind;

    private OperationCancelledException(String message, ErrorClassification kind) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public static OperationCancelledException timeLimit(long timeoutMs) {
        return new OperationCancelledException("the operation's time limit of " + timeoutMs
                + " ms passed before this field was resolved; ask for fewer or cheaper fields in one request",
                GatewayErrors.TimeLimitExceeded);
    }

    public static OperationCancelledException clientGone() {
        return new OperationCancelledException("the client closed the connection; the operation was cancelled",
                GatewayErrors.Cancelled);
    }

    @Override
    public List<SourceLocation> getLocations() {
        return null;
    }

    @Override
    public ErrorClassification getErrorType() {
        return kind;
    }
}
