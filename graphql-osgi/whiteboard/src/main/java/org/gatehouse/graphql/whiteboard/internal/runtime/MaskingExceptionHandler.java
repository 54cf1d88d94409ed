package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherExceptionHandler;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.DataFetcherExceptionHandlerResult;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.gatehouse.graphql.api.GraphqlClientException;

/**
 * Turns an exception of a service method or getter into a GraphQL error. A {@link GraphqlClientException}
 * or an exception that is itself a GraphQL error keeps its message: it was written for the client. Any
 * other exception is unexpected: the client sees only an error id, and the log records that id with the
 * field path and the stack trace. The development switch shows the exception message instead (never
 * the class name or stack).
 */
final class MaskingExceptionHandler implements DataFetcherExceptionHandler {
    private static final System.Logger LOG = System.getLogger(MaskingExceptionHandler.class.getName());

    private final boolean expose;

    MaskingExceptionHandler(boolean expose) {
        this.expose = expose;
    }

    @Override
    public CompletableFuture<DataFetcherExceptionHandlerResult> handleException(DataFetcherExceptionHandlerParameters parameters) {
        Throwable exception = unwrap(parameters.getException());
        GraphqlErrorBuilder<?> builder = GraphqlErrorBuilder.newError().path(parameters.getPath());
        if (parameters.getSourceLocation() != null) {
            builder.location(parameters.getSourceLocation());
        }
        GraphQLError error;
        if (exception instanceof GraphqlClientException client) {
            builder.message(client.getMessage());
            if (client.code() != null) {
                builder.extensions(Map.of("code", client.code()));
            }
            error = builder.build();
        } else if (exception instanceof GraphQLError graphqlError) {
            builder.message(graphqlError.getMessage());
            if (graphqlError.getErrorType() != null) {
                builder.errorType(graphqlError.getErrorType());
            }
            if (graphqlError.getExtensions() != null) {
                builder.extensions(graphqlError.getExtensions());
            }
            error = builder.build();
        } else {
            String id = GatewayErrors.newErrorId();
            LOG.log(Level.WARNING, "GraphQL field " + parameters.getPath() + " failed, error id " + id, exception);
            error = expose
                    ? builder.message(String.valueOf(exception.getMessage())).errorType(GatewayErrors.InternalError)
                            .extensions(Map.of("errorId", id)).build()
                    : GatewayErrors.internal(id, builder);
        }
        return CompletableFuture.completedFuture(DataFetcherExceptionHandlerResult.newResult(error).build());
    }

    private static Throwable unwrap(Throwable exception) {
        Throwable current = exception;
        while (current instanceof CompletionException && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
