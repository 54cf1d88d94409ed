package org.gatehouse.graphql.whiteboard.internal.servlet;

import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionResult;
import graphql.introspection.IntrospectionQuery;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayConfig;
import org.gatehouse.graphql.whiteboard.internal.runtime.OsgiServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaManager;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaSnapshot;
import org.osgi.framework.BundleContext;

/**
 * The HTTP side of a gateway. Routes: {@code <pattern>} executes GraphQL (GET queries, POST JSON single or
 * batch, POST application/graphql); {@code .../schema.graphqls} answers the SDL; {@code .../schema.json}
 * the introspection result. Request errors answer {@code {"errors":[{"message":...}]}} with 400, 405, 413
 * or 415; resolver exceptions become GraphQL errors (status 200) and never carry stack traces.
 */
public final class GraphqlHttpHandler {
    private static final System.Logger LOG = System.getLogger(GraphqlHttpHandler.class.getName());
    static final String GRAPHQL_RESPONSE = "application/graphql-response+json";

    private final BundleContext context;
    private final SchemaManager manager;
    private final GatewayConfig config;
    private final ObjectMapper mapper = new ObjectMapper();
    private final RequestParser parser = new RequestParser(mapper);
    private final GraphqlExecutor executor;

    public GraphqlHttpHandler(BundleContext context, SchemaManager manager, GatewayConfig config) {
        this.context = context;
        this.manager = manager;
        this.config = config;
        this.executor = new GraphqlExecutor(config.introspection());
    }

    public void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        config.responseHeaders().forEach(response::setHeader);
        try {
            route(request, response);
        } catch (BadRequestException e) {
            if (e.allow() != null) {
                response.setHeader("Allow", e.allow());
            }
            writeError(response, e.status(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "GraphQL request failed", e);
            writeError(response, 500, "internal error while handling the request");
        }
    }

    private void route(HttpServletRequest request, HttpServletResponse response) throws IOException, BadRequestException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        String method = request.getMethod();
        if (!"GET".equals(method) && !"POST".equals(method)) {
            throw new BadRequestException(405, "method " + method + " is not allowed; use GET or POST", "GET, POST");
        }
        if (path.equals("/schema.graphqls") || path.equals("/schema.json")) {
            if (!"GET".equals(method)) {
                throw new BadRequestException(405, "the schema is read with GET", "GET");
            }
            if (!config.introspection()) {
                throw new BadRequestException(403, "introspection is disabled on this gateway");
            }
            writeSchema(path, response);
            return;
        }
        if (!path.equals("/") && !path.isEmpty()) {
            throw new BadRequestException(404, "no such resource " + path + "; GraphQL is served at the servlet root");
        }
        if ("GET".equals(method)) {
            handleGet(request, response);
        } else {
            ParsedBody body = parser.fromBody(request.getContentType(), BodyReader.read(request, config.maxRequestBytes()));
            execute(request, response, body.requests(), body.batch());
        }
    }

    private void handleGet(HttpServletRequest request, HttpServletResponse response) throws IOException, BadRequestException {
        String query = request.getParameter("query");
        String accept = request.getHeader("Accept");
        if (query == null && config.graphiql() && accept != null && accept.contains("text/html")) {
            write(response, 200, "text/html;charset=UTF-8", GraphiqlPage.html());
            return;
        }
        GraphqlRequest parsed = parser.fromParameters(query, request.getParameter("variables"), request.getParameter("operationName"));
        if (OperationKinds.isNonQuery(parsed.query(), parsed.operationName())) {
            throw new BadRequestException(405, "mutations are not allowed over GET; use POST", "POST");
        }
        execute(request, response, List.of(parsed), false);
    }

    private void execute(HttpServletRequest request, HttpServletResponse response, List<GraphqlRequest> requests, boolean batch)
            throws IOException {
        SchemaSnapshot snapshot = manager.current();
        List<ExecutionResult> results;
        try (OsgiServiceInstances instances = new OsgiServiceInstances(context, snapshot.references())) {
            results = executor.execute(snapshot, instances, requests);
        }
        boolean graphqlResponse = acceptsGraphqlResponse(request);
        int status = 200;
        if (graphqlResponse && !batch && !results.get(0).isDataPresent()) {
            // GraphQL-over-HTTP: a document that cannot be parsed or validated is a 400 for this media type
            status = 400;
        }
        Object body = batch ? results.stream().map(ExecutionResult::toSpecification).toList() : results.get(0).toSpecification();
        write(response, status, (graphqlResponse ? GRAPHQL_RESPONSE : "application/json") + ";charset=UTF-8",
                mapper.writeValueAsString(body));
    }

    private void writeSchema(String path, HttpServletResponse response) throws IOException {
        SchemaSnapshot snapshot = manager.current();
        if (path.endsWith(".graphqls")) {
            write(response, 200, "text/plain;charset=UTF-8", snapshot.sdl());
            return;
        }
        ExecutionResult result = snapshot.graphql().execute(IntrospectionQuery.INTROSPECTION_QUERY);
        write(response, 200, "application/json;charset=UTF-8", mapper.writeValueAsString(result.toSpecification()));
    }

    private static boolean acceptsGraphqlResponse(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains(GRAPHQL_RESPONSE);
    }

    private void writeError(HttpServletResponse response, int status, String message) throws IOException {
        write(response, status, "application/json;charset=UTF-8",
                mapper.writeValueAsString(Map.of("errors", List.of(Map.of("message", message)))));
    }

    private static void write(HttpServletResponse response, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
