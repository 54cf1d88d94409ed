package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Gateways configured the way a deployment does it, by Configurator entries in a bundle's
 * {@code OSGI-INF/configurator/} (the example bundle configures its gateway the same way): an empty entry
 * gives a gateway with the documented defaults, and {@code osgi.http.whiteboard.target} puts a gateway on
 * a second HTTP runtime (a second Felix Jetty on another port) and nowhere else.
 */
class ConfigurationTest {
    private static RuntimeFixture fixture;
    private static int secondPort;

    @BeforeAll
    static void start() throws Exception {
        secondPort = RuntimeFixture.freePort();
        String initial = """
                { ":configurator:resource-version": 1,
                  "GraphqlWhiteboard~plain": {},
                  "org.apache.felix.http~second": { "org.osgi.service.http.port": "%d", "org.apache.felix.http.host": "127.0.0.1",
                                                    "org.apache.felix.http.runtime.init.id": "second_http" },
                  "GraphqlWhiteboard~targeted": { "osgi.http.whiteboard.servlet.pattern": "/targeted/graphql/*",
                                                  "osgi.http.whiteboard.target": "(id=second_http)" } }
                """.formatted(secondPort);
        fixture = new RuntimeFixture(Map.of());
        // without the example bundles (and the example's own gateway entry) the empty entry's gateway has
        // /graphql to itself, with no service in its schema
        for (Bundle bundle : fixture.context().getBundles()) {
            if (java.util.Set.of("org.gatehouse.graphql.example", "org.gatehouse.graphql.emf.example").contains(bundle.getSymbolicName())) {
                bundle.uninstall();
            }
        }
        fixture.context().installBundle("test:configured", new ByteArrayInputStream(configurationBundle(initial))).start();
    }

    /** A bundle holding nothing but the Configurator entries. */
    private static byte[] configurationBundle(String json) throws Exception {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "org.gatehouse.graphql.test.configured");
        main.putValue("Require-Capability", "osgi.extender;filter:=\"(osgi.extender=osgi.configurator)\"");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            jar.putNextEntry(new JarEntry("OSGI-INF/configurator/gateways.json"));
            jar.write(json.getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void anEmptyEntryGivesAGatewayWithTheDefaults() throws Exception {
        String sdl = fixture.awaitSchema("/graphql", s -> s.contains("_empty") && !s.contains("AddressService"));
        assertTrue(sdl.contains("type Query"), sdl);
        assertEquals(406, fixture.get("/graphql", "Accept", "text/html").statusCode(), "GraphiQL is off by default");
        String eleven = "[" + String.join(",", java.util.Collections.nCopies(11, "{\"query\":\"{ __typename }\"}")) + "]";
        assertEquals(400, fixture.post("/graphql", "application/json", eleven).statusCode(), "default batch limit 10");
        String ten = "[" + String.join(",", java.util.Collections.nCopies(10, "{\"query\":\"{ __typename }\"}")) + "]";
        assertEquals(200, fixture.post("/graphql", "application/json", ten).statusCode());
        assertEquals("/graphql/*", fixture.runtimeReference("/graphql/*").getProperty("osgi.http.whiteboard.servlet.pattern"));
    }

    @Test
    void theWhiteboardTargetPutsAGatewayOnTheSecondHttpRuntimeOnly() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        URI second = URI.create("http://127.0.0.1:" + secondPort + "/targeted/graphql");
        long deadline = System.nanoTime() + 30_000_000_000L;
        HttpResponse<String> answer = null;
        while (System.nanoTime() < deadline) {
            try {
                answer = client.send(HttpRequest.newBuilder(second).header("Content-Type", "application/graphql")
                        .POST(HttpRequest.BodyPublishers.ofString("{ __typename }")).build(), HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    break;
                }
            } catch (java.io.IOException notYet) {
                // the second Jetty is still starting
            }
            Thread.sleep(100);
        }
        assertEquals(200, answer == null ? 0 : answer.statusCode(), String.valueOf(answer));
        assertEquals("{\"data\":{\"__typename\":\"Query\"}}", answer.body());
        assertEquals(404, fixture.post("/targeted/graphql", "application/graphql", "{ __typename }").statusCode(),
                "not on the default HTTP runtime");
    }
}
