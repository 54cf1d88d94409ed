package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * A bundle of Declarative Services components installed and uninstalled at run time: its GraphQL
 * service, its additional scalar and its Instrumentation join every gateway and leave with it.
 */
class ExtensionBundleTest extends RuntimeTestBase {

    @Test
    void dsBundleAddsAndRemovesAServiceAScalarAndAnInstrumentation() throws Exception {
        String before = fixture.awaitSchema("/graphql", sdl -> sdl.contains("AddressService"));
        assertTrue(!before.contains("Duration"), before);
        Bundle bundle = fixture.installTestBundle();
        try {
            String sdl = fixture.awaitSchema("/graphql", s -> s.contains("DurationService: DurationService!"));
            assertTrue(sdl.contains("scalar Duration"), sdl);
            assertTrue(sdl.contains("twice(duration: Duration): Duration"), sdl);
            JsonNode json = fixture.query("/graphql", "query($d: Duration) { DurationService { a: twice(duration: \"PT1M30S\") b: twice(duration: $d) } }",
                    Map.of("d", "PT2H"));
            assertEquals("PT3M", json.at("/data/DurationService/a").asText(), json.toString());
            assertEquals("PT4H", json.at("/data/DurationService/b").asText(), json.toString());
            assertEquals("instrumented", json.at("/extensions/testbundle").asText(), "the bundle's Instrumentation ran: " + json);
            JsonNode bad = fixture.query("/graphql", "{ DurationService { twice(duration: \"soon\") } }", Map.of());
            assertTrue(bad.at("/errors/0/message").asText().contains("not an ISO-8601 duration: soon"), bad.toString());
        } finally {
            bundle.uninstall();
        }
        String after = fixture.awaitSchema("/graphql", s -> !s.contains("DurationService"));
        assertTrue(!after.contains("scalar Duration"), "the scalar left with the bundle: " + after);
        JsonNode plain = fixture.query("/graphql", "{ __typename }", Map.of());
        assertTrue(plain.at("/extensions/testbundle").isMissingNode(), "the Instrumentation left with the bundle: " + plain);
    }
}
