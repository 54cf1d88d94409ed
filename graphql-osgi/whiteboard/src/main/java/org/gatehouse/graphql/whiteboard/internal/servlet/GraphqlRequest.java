package org.gatehouse.graphql.whiteboard.internal.servlet;

import java.util.Map;

/** One GraphQL operation request as it arrived over HTTP. */
record GraphqlRequest(String query, String operationName, Map<String, Object> variables) {}
