package org.gatehouse.graphql.whiteboard.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Configuration entries become gateway settings; an empty entry gives the documented defaults. */
class GatewayConfigTest {

    @Test
    void emptyEntryGivesTheDefaults() {
        GatewayConfig config = GatewayConfig.from(Map.of());
        assertEquals(new GatewayConfig(20, 1000, 1024 * 1024, 10, false, true, false, 500, 50, Map.of(),
                new CorsConfig(List.of(), List.of("GET", "POST"), List.of("Content-Type", "Accept", "Authorization"), false, 600),
                null, 30_000, 16, false), config);
        assertFalse(config.cors().enabled());
    }

    @Test
    void readsLimitsSwitchesAndResponseHeaders() {
        GatewayConfig config = GatewayConfig.from(Map.ofEntries(
                Map.entry("osgi.graphql.max.depth", 4),
                Map.entry("osgi.graphql.max.complexity", "200"),
                Map.entry("osgi.graphql.max.request.bytes", 4096L),
                Map.entry("osgi.graphql.max.batch.size", 3),
                Map.entry("osgi.graphql.graphiql.enabled", true),
                Map.entry("osgi.graphql.introspection.enabled", "false"),
                Map.entry("osgi.graphql.expose.exceptions", "true"),
                Map.entry("osgi.graphql.document.cache.size", 0),
                Map.entry("osgi.graphql.authenticator", "(name=gatehouse)"),
                Map.entry("osgi.graphql.response.header.X-Frame-Options", "DENY"),
                Map.entry("osgi.graphql.operation.timeout.ms", "2500"),
                Map.entry("osgi.graphql.resolver.threads", 4),
                Map.entry("osgi.graphql.long.as.string", true),
                Map.entry("osgi.http.whiteboard.servlet.pattern", "/special/graphql/*")));
        assertEquals(new GatewayConfig(4, 200, 4096, 3, true, false, true, 0, 50, Map.of("X-Frame-Options", "DENY"),
                CorsConfig.from(Map.of()), "(name=gatehouse)", 2500, 4, true), config);
    }

    @Test
    void readsCorsFromArraysListsOrCommaSeparatedText() {
        CorsConfig fromArray = GatewayConfig.from(Map.of(
                "osgi.graphql.cors.allowed.origins", new String[] {"https://app.example.com", "http://127.0.0.1:5173"},
                "osgi.graphql.cors.allowed.methods", List.of("post"),
                "osgi.graphql.cors.allowed.headers", "Content-Type, X-JWT",
                "osgi.graphql.cors.allow.credentials", true,
                "osgi.graphql.cors.max.age", 60)).cors();
        assertEquals(new CorsConfig(List.of("https://app.example.com", "http://127.0.0.1:5173"), List.of("POST"),
                List.of("Content-Type", "X-JWT"), true, 60), fromArray);
        assertTrue(fromArray.allowsOrigin("http://127.0.0.1:5173"));
        assertFalse(fromArray.allowsOrigin("http://127.0.0.1:5174"), "origins compare exactly, port included");
        assertFalse(fromArray.allowsOrigin(null));
        assertTrue(GatewayConfig.from(Map.of("osgi.graphql.cors.allowed.origins", "*")).cors().allowsOrigin("http://any.example"));
    }

    @Test
    void invalidValuesFailWithThePropertyName() {
        assertEquals("osgi.graphql.max.depth must be a number, got 'deep'", failure(Map.of("osgi.graphql.max.depth", "deep")));
        assertEquals("osgi.graphql.max.request.bytes must be between 0 and 2147483647, got -1",
                failure(Map.of("osgi.graphql.max.request.bytes", -1)));
        assertEquals("osgi.graphql.graphiql.enabled must be true or false, got 'yes'",
                failure(Map.of("osgi.graphql.graphiql.enabled", "yes")));
        assertEquals("osgi.graphql.cors.allow.credentials cannot be combined with osgi.graphql.cors.allowed.origins=*; list the origins",
                failure(Map.of("osgi.graphql.cors.allowed.origins", "*", "osgi.graphql.cors.allow.credentials", true)));
        assertEquals("osgi.graphql.cors.allowed.origins takes origins like https://app.example.com (scheme, host, optional port),"
                + " got 'app.example.com/'", failure(Map.of("osgi.graphql.cors.allowed.origins", "app.example.com/")));
        assertEquals("osgi.graphql.resolver.threads must be at least 1, got 0", failure(Map.of("osgi.graphql.resolver.threads", 0)));
        assertTrue(failure(Map.of("osgi.graphql.authenticator", "(name=")).startsWith("osgi.graphql.authenticator is not a valid LDAP filter"));
    }

    private static String failure(Map<String, ?> properties) {
        return assertThrows(IllegalArgumentException.class, () -> GatewayConfig.from(properties)).getMessage();
    }
}
