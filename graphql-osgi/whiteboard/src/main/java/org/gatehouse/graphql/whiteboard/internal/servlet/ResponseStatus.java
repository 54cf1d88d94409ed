package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionResult;
import graphql.GraphQLError;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayErrors;

/**
 * The HTTP status of a single operation's result, by the GraphQL-over-HTTP specification: 200 whenever
 * the operation executed ({@code data} present, field errors or not). A result without {@code data} is a
 * request error (syntax, validation, operation selection, variable coercion): 400 for
 * {@code application/graphql-response+json}, 200 for legacy {@code application/json}. A mutation over GET
 * is 405 for both, an engine failure 500.
 */
final class ResponseStatus {
    private ResponseStatus() {}

    static int of(ExecutionResult result, String mediaType) {
        if (result.isDataPresent()) {
            return 200;
        }
        for (GraphQLError error : result.getErrors()) {
            if (GatewayErrors.MutationOverGet.is(error)) {
                return 405;
            }
            if (GatewayErrors.InternalError.is(error)) {
                return 500;
            }
        }
        return MediaTypes.GRAPHQL_RESPONSE.equals(mediaType) ? 400 : 200;
    }
}
