package org.gatehouse.graphql.whiteboard.internal.servlet;

import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;

/** Writes the gateway's answers: JSON bodies with their status, and the results of executed operations. */
final class Answers {
    private static final System.Logger LOG = System.getLogger(Answers.class.getName());

    private final ObjectMapper mapper;

    Answers(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * The results of a request's operations: a batch as a JSON array (200), one operation with the status
     * {@link ResponseStatus} gives it. {@code committed}: status and type were sent already (keep-alive
     * bytes of a long operation), only the body follows.
     */
    void results(HttpServletResponse response, boolean batch, List<ExecutionResult> results, String mediaType, boolean committed)
            throws IOException {
        Object body;
        int status = 200;
        if (batch) {
            body = results.stream().map(ExecutionResult::toSpecification).toList();
        } else {
            ExecutionResult result = results.get(0);
            body = result.toSpecification();
            status = ResponseStatus.of(result, mediaType);
            if (status == 405) {
                response.setHeader("Allow", "POST");
            }
            if (status >= 400) {
                int logged = status;
                LOG.log(Level.DEBUG, () -> "GraphQL request error: " + logged + " " + result.getErrors().get(0).getMessage());
            }
        }
        if (committed) {
            response.getOutputStream().write(mapper.writeValueAsBytes(body));
        } else {
            json(response, status, mediaType, body);
        }
    }

    void error(HttpServletResponse response, int status, String mediaType, GraphQLError error) throws IOException {
        json(response, status, mediaType, Map.of("errors", List.of(error.toSpecification())));
    }

    void json(HttpServletResponse response, int status, String mediaType, Object body) throws IOException {
        bytes(response, status, mediaType + ";charset=UTF-8", mapper.writeValueAsBytes(body));
    }

    static void bytes(HttpServletResponse response, int status, String contentType, byte[] body) throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
