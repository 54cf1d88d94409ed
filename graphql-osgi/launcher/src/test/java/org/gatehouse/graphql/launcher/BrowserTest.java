package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway as a browser sees it, in headless Chromium: GraphiQL served from the bundle runs a query
 * with no outside network, and a page of another origin calls a gateway configured for CORS (the JSON
 * POST makes Chromium send a preflight) while a page of an origin that is not allowed is blocked.
 */
class BrowserTest extends RuntimeTestBase {
    private static final String QUERY = "{ AddressService { getAddresses(id: \\\"a2\\\") { city } } }";
    private static HttpServer allowedSite;
    private static HttpServer otherSite;
    private static Chromium chromium;

    @BeforeAll
    static void sitesAndBrowser() throws Exception {
        allowedSite = site();
        otherSite = site();
        fixture.createGateway("browser", Map.of("osgi.http.whiteboard.servlet.pattern", "/browser/graphql/*",
                "osgi.graphql.cors.allowed.origins", origin(allowedSite)));
        fixture.awaitSchema("/browser/graphql", sdl -> sdl.contains("AddressService"));
        chromium = new Chromium();
    }

    @AfterAll
    static void stop() throws Exception {
        if (chromium != null) {
            chromium.close();
        }
        allowedSite.stop(0);
        otherSite.stop(0);
    }

    /** A page on another port of 127.0.0.1, which makes it another origin than the gateway. */
    private static HttpServer site() throws Exception {
        return FixedServer.start("text/html;charset=UTF-8",
                "<!doctype html><title>other origin</title><p>a page of another origin</p>".getBytes(StandardCharsets.UTF_8));
    }

    private static String origin(HttpServer server) {
        return FixedServer.origin(server);
    }

    private static String crossOriginFetch() {
        return "fetch('" + fixture.uri("/browser/graphql") + "', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                + " body: JSON.stringify({query: \"" + QUERY + "\"})})"
                + ".then(r => r.json()).then(j => j.data.AddressService.getAddresses[0].city, e => 'blocked: ' + e.message)";
    }

    @Test
    void aPageOfTheAllowedOriginCallsTheGatewayAndOthersAreBlocked() throws Exception {
        String allowed = chromium.open(origin(allowedSite) + "/");
        assertEquals("Jena", chromium.evaluate(allowed, crossOriginFetch()).asText());
        String other = chromium.open(origin(otherSite) + "/");
        assertTrue(chromium.evaluate(other, crossOriginFetch()).asText().startsWith("blocked: "), "the browser blocks the other origin");
    }

    @Test
    void graphiqlFromTheBundleRunsAQueryOffline() throws Exception {
        String page = chromium.open(fixture.uri("/graphql").toString());
        chromium.waitFor(page, "document.querySelector('.graphiql-query-editor .CodeMirror')");
        chromium.evaluate(page, "document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue(\"" + QUERY + "\")");
        chromium.evaluate(page, "document.querySelector('.graphiql-execute-button').click()");
        chromium.waitFor(page, "document.querySelector('.graphiql-response .CodeMirror').CodeMirror.getValue().includes('Jena')");
        JsonNode resources = chromium.evaluate(page, "performance.getEntriesByType('resource').map(e => e.name)");
        String gateway = fixture.uri("/").toString();
        assertTrue(resources.size() >= 4, resources.toString());
        for (JsonNode resource : resources) {
            assertTrue(resource.asText().startsWith(gateway), "everything from the gateway itself: " + resources);
        }
    }
}
