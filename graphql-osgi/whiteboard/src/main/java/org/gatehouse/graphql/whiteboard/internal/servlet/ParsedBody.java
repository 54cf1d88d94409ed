package org.gatehouse.graphql.whiteboard.internal.servlet;

import java.util.List;

/** The requests of one POST body; {@code batch} when the body was a JSON array (answered with an array). */
record ParsedBody(List<GraphqlRequest> requests, boolean batch) {}
