package org.gatehouse.graphql.whiteboard.internal.servlet;

import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import graphql.introspection.IntrospectionQuery;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlAuthenticationException;
import org.gatehouse.graphql.api.GraphqlAuthenticator;
import org.gatehouse.graphql.whiteboard.internal.runtime.AuthenticatorTracker;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayConfig;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayErrors;
import org.gatehouse.graphql.whiteboard.internal.runtime.OsgiServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.runtime.ResolverPool;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaManager;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaSnapshot;
import org.gatehouse.graphql.whiteboard.internal.runtime.SharedInstances;
import org.osgi.framework.BundleContext;

/**
 * The HTTP side of a gateway. Routes: {@code <pattern>} executes GraphQL (GET queries, POST JSON single or
 * batch, POST application/graphql, OPTIONS for CORS) and, when enabled, the GraphiQL page and its files
 * under {@code .../graphiql/}; {@code .../schema.graphqls} answers the SDL; {@code .../schema.json} the
 * introspection result. Status codes follow the GraphQL-over-HTTP
 * specification (see {@link ResponseStatus}); a request the client got wrong is logged in at most one
 * line at DEBUG level and never with a stack trace. Unexpected failures answer 500 with an error id that
 * the ERROR log line repeats with the stack trace.
 */
public final class GraphqlHttpHandler {
    private static final System.Logger LOG = System.getLogger(GraphqlHttpHandler.class.getName());

    private final BundleContext context;
    private final SchemaManager manager;
    private final GatewayConfig config;
    private final AuthenticatorTracker authenticators;
    private final SharedInstances shared;
    private final ObjectMapper mapper = new ObjectMapper();
    private final RequestParser parser;
    private final GraphqlExecutor executor;
    private final Cors cors;
    private final GraphiqlAssets graphiqlAssets = new GraphiqlAssets();
    private final Answers answers = new Answers(mapper);
    private final ResolverPool pool;

    public GraphqlHttpHandler(BundleContext context, SchemaManager manager, GatewayConfig config, AuthenticatorTracker authenticators,
            SharedInstances shared, ResolverPool pool) {
        this.pool = pool;
        this.context = context;
        this.shared = shared;
        this.manager = manager;
        this.config = config;
        this.authenticators = authenticators;
        this.parser = new RequestParser(mapper, config.maxBatchSize());
        this.executor = new GraphqlExecutor(config.introspection(), pool);
        this.cors = new Cors(config.cors());
    }

    public void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        config.responseHeaders().forEach(response::setHeader);
        try {
            route(request, response);
        } catch (BadRequestException e) {
            e.headers().forEach(response::setHeader);
            LOG.log(Level.DEBUG, () -> "GraphQL request refused: " + request.getMethod() + " " + request.getRequestURI()
                    + " -> " + e.status() + " " + e.getMessage());
            answers.error(response, e.status(), errorMediaType(request), GatewayErrors.BadRequest.error(e.getMessage()));
        } catch (RuntimeException e) {
            String id = GatewayErrors.newErrorId();
            LOG.log(Level.ERROR, "GraphQL request " + request.getMethod() + " " + request.getRequestURI() + " failed, error id " + id, e);
            answers.error(response, 500, errorMediaType(request), GatewayErrors.internal(id, GraphqlErrorBuilder.newError()));
        }
    }

    private void route(HttpServletRequest request, HttpServletResponse response) throws IOException, BadRequestException {
        String method = request.getMethod();
        if ("OPTIONS".equals(method)) {
            if (Cors.isPreflight(request)) {
                cors.preflight(request, response);
            } else {
                response.setHeader("Allow", "GET, POST, OPTIONS");
                response.setStatus(204);
            }
            return;
        }
        cors.decorate(request, response);
        if (!"GET".equals(method) && !"POST".equals(method)) {
            throw new BadRequestException(405, "method " + method + " is not allowed; use GET or POST",
                    Map.of("Allow", "GET, POST, OPTIONS"));
        }
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        if (path.equals("/schema.graphqls") || path.equals("/schema.json")) {
            if (!"GET".equals(method)) {
                throw new BadRequestException(405, "the schema is read with GET", Map.of("Allow", "GET"));
            }
            if (!config.introspection()) {
                throw new BadRequestException(403, "introspection is disabled on this gateway");
            }
            authenticate(request);
            writeSchema(path, response);
            return;
        }
        if (config.graphiql() && GraphiqlAssets.isAsset(path)) {
            if (!"GET".equals(method)) {
                throw new BadRequestException(405, "GraphiQL files are read with GET", Map.of("Allow", "GET"));
            }
            graphiqlAssets.serve(path, request, response);
            return;
        }
        if (!path.equals("/") && !path.isEmpty()) {
            throw new BadRequestException(404, "no such resource " + path + "; GraphQL is served at the servlet root");
        }
        String accept = request.getHeader("Accept");
        boolean get = "GET".equals(method);
        if (get && request.getParameter("query") == null && config.graphiql() && accept != null && accept.contains("text/html")) {
            String page = GraphiqlPage.html(request.getContextPath() + request.getServletPath());
            write(response, 200, "text/html;charset=UTF-8", page.getBytes(StandardCharsets.UTF_8));
            return;
        }
        String mediaType = MediaTypes.negotiate(accept);
        if (mediaType == null) {
            throw new BadRequestException(406, "the response is " + MediaTypes.GRAPHQL_RESPONSE + " or " + MediaTypes.JSON
                    + "; the Accept header allows neither");
        }
        Principal principal = authenticate(request);
        ParsedBody body = get
                ? new ParsedBody(List.of(ParsedBody.ParsedOperation.of(parser.fromParameters(request.getParameter("query"),
                        request.getParameter("variables"), request.getParameter("operationName")))), false)
                : parser.fromBody(request.getContentType(), BodyReader.read(request, config.maxRequestBytes()));
        execute(request, response, body, get, principal, mediaType);
    }

    private Principal authenticate(HttpServletRequest request) throws BadRequestException {
        if (!authenticators.required()) {
            return null;
        }
        GraphqlAuthenticator authenticator = authenticators.current();
        if (authenticator == null) {
            throw new BadRequestException(503, "the authenticator of this gateway is not available; try again later");
        }
        try {
            Principal principal = authenticator.authenticate(request);
            if (principal == null) {
                throw new IllegalStateException("authenticator " + authenticator.getClass().getName() + " returned no principal");
            }
            return principal;
        } catch (GraphqlAuthenticationException e) {
            throw new BadRequestException(e.status(), e.getMessage(),
                    e.challenge() == null ? Map.of() : Map.of("WWW-Authenticate", e.challenge()));
        }
    }

    /**
     * Runs the operations. Parsing and validation happen on this HTTP thread; service methods run on the
     * gateway's resolver threads. An answer that is not ready when this thread is done goes on in servlet
     * async mode ({@link PendingAnswer}), so the HTTP thread returns to the pool at once.
     */
    private void execute(HttpServletRequest request, HttpServletResponse response, ParsedBody body, boolean readOnly,
            Principal principal, String mediaType) throws IOException {
        SchemaSnapshot snapshot = manager.current();
        OsgiServiceInstances instances = new OsgiServiceInstances(context, snapshot.references(), shared);
        RequestExecution execution;
        try {
            execution = executor.execute(snapshot, instances, body.operations(), readOnly, principal);
        } catch (RuntimeException e) {
            instances.close();
            throw e;
        }
        if (execution.results().isDone() || !request.isAsyncSupported()) {
            try {
                answers.results(response, body.batch(), execution.results().join(), mediaType, false);
            } finally {
                instances.close();
            }
            return;
        }
        new PendingAnswer(request.startAsync(), response, execution, answers, body.batch(), mediaType, instances)
                .start(pool.scheduler());
    }

    private void writeSchema(String path, HttpServletResponse response) throws IOException {
        SchemaSnapshot snapshot = manager.current();
        if (path.endsWith(".graphqls")) {
            write(response, 200, "text/plain;charset=UTF-8", snapshot.sdl().getBytes(StandardCharsets.UTF_8));
            return;
        }
        ExecutionResult result = snapshot.graphql().execute(IntrospectionQuery.INTROSPECTION_QUERY);
        answers.json(response, 200, MediaTypes.JSON, result.toSpecification());
    }

    /**
     * The media type of an answer to a request refused before any operation ran: the one the client accepts
     * (only {@code application/graphql-response+json} for a client that accepts only that), JSON when the
     * client accepts neither (the 406 itself).
     */
    private static String errorMediaType(HttpServletRequest request) {
        String negotiated = MediaTypes.negotiate(request.getHeader("Accept"));
        return negotiated == null ? MediaTypes.JSON : negotiated;
    }

    private static void write(HttpServletResponse response, int status, String contentType, byte[] body) throws IOException {
        Answers.bytes(response, status, contentType, body);
    }
}
