package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.GraphQLError;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import java.util.List;

/**
 * Picks the operation a request names (the GraphQL specification's GetOperation()) before anything runs,
 * so that a document with several operations and no or an unknown name, a subscription, or a mutation
 * over GET becomes a request error with its own classification instead of an exception out of the engine.
 */
final class OperationRules {
    private OperationRules() {}

    /** The request error for this document and operation name, or null when the operation may run. */
    static GraphQLError check(Document document, String operationName, boolean readOnly) {
        List<OperationDefinition> operations = document.getDefinitionsOfType(OperationDefinition.class);
        OperationDefinition selected = null;
        if (operationName == null) {
            if (operations.size() > 1) {
                return GatewayErrors.OperationNotFound.error(
                        "the document has " + operations.size() + " operations; name the one to run in operationName");
            }
            selected = operations.isEmpty() ? null : operations.get(0);
        } else {
            for (OperationDefinition operation : operations) {
                if (operationName.equals(operation.getName())) {
                    selected = operation;
                }
            }
        }
        if (selected == null) {
            return GatewayErrors.OperationNotFound.error(operationName == null
                    ? "the document has no operation" : "the document has no operation named " + operationName);
        }
        return switch (selected.getOperation()) {
            case QUERY -> null;
            case MUTATION -> readOnly ? GatewayErrors.MutationOverGet.error("mutations are not allowed over GET; use POST") : null;
            case SUBSCRIPTION -> GatewayErrors.SubscriptionNotSupported.error(
                    "subscriptions are not supported by this gateway; use a query or a mutation");
        };
    }
}
