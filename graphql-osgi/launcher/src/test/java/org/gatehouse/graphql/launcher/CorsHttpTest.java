package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** CORS on a gateway configured for one origin: preflights answered, other origins refused. */
class CorsHttpTest extends RuntimeTestBase {
    static final String ORIGIN = "http://127.0.0.1:5173";

    @BeforeAll
    static void corsGateway() throws Exception {
        fixture.createGateway("cors", Map.of("osgi.http.whiteboard.servlet.pattern", "/cors/graphql/*",
                "osgi.graphql.cors.allowed.origins", new String[] {ORIGIN},
                "osgi.graphql.cors.allowed.headers", "Content-Type, X-JWT"));
        fixture.awaitSchema("/cors/graphql", sdl -> sdl.contains("AddressService"));
    }

    private static HttpResponse<String> preflight(String origin, String method, String headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(fixture.uri("/cors/graphql"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin).header("Access-Control-Request-Method", method);
        if (headers != null) {
            request.header("Access-Control-Request-Headers", headers);
        }
        return fixture.send(request);
    }

    private static Optional<String> header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name);
    }

    @Test
    void preflightFromTheAllowedOriginIsAnswered() throws Exception {
        HttpResponse<String> response = preflight(ORIGIN, "POST", "content-type,x-jwt");
        assertEquals(204, response.statusCode());
        assertEquals(ORIGIN, header(response, "Access-Control-Allow-Origin").orElse(""));
        assertEquals("GET, POST", header(response, "Access-Control-Allow-Methods").orElse(""));
        assertEquals("Content-Type, X-JWT", header(response, "Access-Control-Allow-Headers").orElse(""));
        assertEquals("600", header(response, "Access-Control-Max-Age").orElse(""));
        assertEquals("Origin", header(response, "Vary").orElse(""));
    }

    @Test
    void preflightsForOtherOriginsMethodsOrHeadersAreRefused() throws Exception {
        assertEquals(403, preflight("http://evil.example", "POST", null).statusCode());
        assertEquals(403, preflight(ORIGIN, "DELETE", null).statusCode());
        HttpResponse<String> header = preflight(ORIGIN, "POST", "X-Secret");
        assertEquals(403, header.statusCode());
        assertTrue(header.body().contains("request header X-Secret is not allowed"), header.body());
        assertTrue(header(header, "Access-Control-Allow-Origin").isEmpty());
        assertEquals(403, fixture.send(HttpRequest.newBuilder(fixture.uri("/graphql")).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", ORIGIN).header("Access-Control-Request-Method", "POST")).statusCode(), "no CORS on the default gateway");
    }

    @Test
    void answersCarryTheOriginOnlyForAllowedOrigins() throws Exception {
        HttpResponse<String> allowed = fixture.post("/cors/graphql", "application/json", "{\"query\":\"{ __typename }\"}", "Origin", ORIGIN);
        assertEquals(200, allowed.statusCode());
        assertEquals(ORIGIN, header(allowed, "Access-Control-Allow-Origin").orElse(""));
        HttpResponse<String> other = fixture.post("/cors/graphql", "application/json", "{\"query\":\"{ __typename }\"}", "Origin", "http://evil.example");
        assertEquals(200, other.statusCode(), "answered; the browser keeps it from the foreign page");
        assertTrue(header(other, "Access-Control-Allow-Origin").isEmpty());
    }

    @Test
    void plainOptionsListsTheMethods() throws Exception {
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/graphql")).method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertEquals(204, response.statusCode());
        assertEquals("GET, POST, OPTIONS", header(response, "Allow").orElse(""));
    }
}
