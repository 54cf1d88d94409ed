package org.gatehouse.graphql.whiteboard.internal.servlet;

import java.util.List;

/**
 * The operations of one request; {@code batch} when the body was a JSON array (answered with an array).
 * In a batch, an item that cannot be read carries its error and the other items still run.
 */
record ParsedBody(List<ParsedOperation> operations, boolean batch) {

    /** One operation request, or why it could not be read (exactly one of the two is set). */
    record ParsedOperation(GraphqlRequest request, BadRequestException error) {
        static ParsedOperation of(GraphqlRequest request) {
            return new ParsedOperation(request, null);
        }
    }
}
