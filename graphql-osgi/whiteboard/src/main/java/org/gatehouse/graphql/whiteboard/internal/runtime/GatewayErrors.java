package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The gateway's own error kinds, next to graphql-java's (ValidationError, InvalidSyntax, ...): they
 * appear as {@code extensions.classification} and decide the HTTP status where the GraphQL-over-HTTP
 * specification asks for one.
 */
public enum GatewayErrors implements ErrorClassification {
    /** GetOperation() failed: no operation of the given name, or several and no name given (400). */
    OperationNotFound,
    /** A mutation asked for over GET (405, Allow: POST). */
    MutationOverGet,
    /** A subscription: this gateway executes queries and mutations only (400). */
    SubscriptionNotSupported,
    /** The request could not be read (malformed JSON, missing query, batch too large, ...; 400). */
    BadRequest,
    /** The authenticator refused the request (401 or 403). */
    Unauthenticated,
    /** The operation's time limit passed before the field resolved (the operation still answers 200 with the rest). */
    TimeLimitExceeded,
    /** The client disconnected, so the operation was cancelled (nobody reads this answer). */
    Cancelled,
    /** An unexpected exception; the client gets only its error id, the log has the rest. */
    InternalError;

    /** A request error of this kind with the message for the client. */
    public GraphQLError error(String message) {
        return GraphqlErrorBuilder.newError().message(message).errorType(this).build();
    }

    /** A masked internal error: the message names only the error id, also given as {@code extensions.errorId}. */
    public static GraphQLError internal(String errorId, GraphqlErrorBuilder<?> builder) {
        return builder.message("internal error; error id " + errorId)
                .errorType(InternalError)
                .extensions(Map.of("errorId", errorId))
                .build();
    }

    /** A short random id that ties a masked error to its log line. */
    public static String newErrorId() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
    }

    /** True when the error has this classification. */
    public boolean is(GraphQLError error) {
        return error.getErrorType() == this;
    }
}
