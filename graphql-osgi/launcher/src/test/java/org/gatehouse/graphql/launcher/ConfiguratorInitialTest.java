package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dconfigurator.initial} as the README shows it, with the README's own JSON: inline and as a file
 * URL, each a factory configuration giving a gateway; JSON the Configurator would ignore stops start-up.
 */
class ConfiguratorInitialTest {

    /** The ```json block of the README that configures the gateway "initial". */
    private static String readmeJson() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int marker = readme.indexOf("GraphqlWhiteboard~initial");
        int start = readme.lastIndexOf("```json", marker) + "```json".length();
        return readme.substring(start, readme.indexOf("```", marker)).trim();
    }

    @Test
    void theReadmeJsonInlineGivesItsGateway() throws Exception {
        try (RuntimeFixture fixture = new RuntimeFixture(Map.of("configurator.initial", readmeJson()))) {
            String sdl = fixture.awaitSchema("/initial/graphql", s -> s.contains("AddressService"));
            assertTrue(sdl.contains("type Query"), sdl);
            assertEquals("60000", String.valueOf(fixture.runtimeReference("/initial/graphql/*").getProperty("osgi.graphql.operation.timeout.ms")));
        }
    }

    @Test
    void theReadmeJsonAsAFileUrlGivesItsGateway() throws Exception {
        Path file = Files.createTempFile("gateways", ".json");
        try {
            Files.writeString(file, readmeJson());
            try (RuntimeFixture fixture = new RuntimeFixture(Map.of("configurator.initial", file.toUri().toString()))) {
                fixture.awaitSchema("/initial/graphql", s -> s.contains("AddressService"));
            }
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void jsonTheConfiguratorWouldIgnoreStopsStartUpNamingWhatIsMissing() {
        String minimal = "{ \":configurator:resource-version\": 1, \"GraphqlWhiteboard~x\": {} }";
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new RuntimeFixture(Map.of("configurator.initial", minimal)));
        assertTrue(refused.getMessage().startsWith("configurator.initial: the inline JSON has no \":configurator:symbolic-name\""),
                refused.getMessage());
    }
}
