package org.gatehouse.graphql.whiteboard.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Configuration entries become gateway settings; an empty entry gives the documented defaults. */
class GatewayConfigTest {

    @Test
    void emptyEntryGivesTheDefaults() {
        GatewayConfig config = GatewayConfig.from(Map.of());
        assertEquals(new GatewayConfig(20, 1000, 1024 * 1024, false, true, 50, Map.of()), config);
    }

    @Test
    void readsLimitsSwitchesAndResponseHeaders() {
        GatewayConfig config = GatewayConfig.from(Map.of(
                "osgi.graphql.max.depth", 4,
                "osgi.graphql.max.complexity", "200",
                "osgi.graphql.max.request.bytes", 4096L,
                "osgi.graphql.graphiql.enabled", true,
                "osgi.graphql.introspection.enabled", "false",
                "osgi.graphql.response.header.Access-Control-Allow-Origin", "*",
                "osgi.http.whiteboard.servlet.pattern", "/special/graphql/*"));
        assertEquals(new GatewayConfig(4, 200, 4096, true, false, 50, Map.of("Access-Control-Allow-Origin", "*")), config);
    }

    @Test
    void invalidNumbersFailWithThePropertyName() {
        IllegalArgumentException notANumber = assertThrows(IllegalArgumentException.class,
                () -> GatewayConfig.from(Map.of("osgi.graphql.max.depth", "deep")));
        assertEquals("osgi.graphql.max.depth must be a number, got 'deep'", notANumber.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> GatewayConfig.from(Map.of("osgi.graphql.max.request.bytes", -1)));
        assertEquals("osgi.graphql.max.request.bytes must be between 0 and 2147483647, got -1", negative.getMessage());
    }
}
