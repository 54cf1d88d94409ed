package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.Parser;
import java.util.List;

/** Finds out whether a GET request asks for a mutation, which GET must not run. */
final class OperationKinds {
    private OperationKinds() {}

    /**
     * True when the selected operation is not a query. An unparsable document answers false: execution
     * then reports the syntax error the usual way.
     */
    static boolean isNonQuery(String query, String operationName) {
        Document document;
        try {
            document = Parser.parse(query);
        } catch (RuntimeException e) {
            return false;
        }
        List<OperationDefinition> operations = document.getDefinitionsOfType(OperationDefinition.class);
        for (OperationDefinition operation : operations) {
            boolean selected = operationName == null ? operations.size() == 1 : operationName.equals(operation.getName());
            if (selected) {
                return operation.getOperation() != OperationDefinition.Operation.QUERY;
            }
        }
        return false;
    }
}
