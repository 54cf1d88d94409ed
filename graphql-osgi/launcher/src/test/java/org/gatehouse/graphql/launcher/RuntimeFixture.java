package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * A real example runtime (Felix, SCR, Config Admin + Configurator, Felix HTTP Jetty, the gateway and the
 * example bundle) on a free port, with a second gateway configured through {@code configurator.initial},
 * and an HTTP client for it.
 */
final class RuntimeFixture implements AutoCloseable {
    /** Configuration of a second gateway next to the example's own. */
    static final Map<String, Object> SECOND_GATEWAY = Map.ofEntries(
            Map.entry("osgi.http.whiteboard.servlet.pattern", "/special/graphql/*"),
            Map.entry("osgi.graphql.response.header.X-Gateway", "special"),
            Map.entry("osgi.graphql.response.header.Access-Control-Allow-Origin", "*"),
            Map.entry("osgi.graphql.max.depth", 4),
            Map.entry("osgi.graphql.max.complexity", 50),
            Map.entry("osgi.graphql.max.request.bytes", 4096),
            Map.entry("osgi.graphql.max.batch.size", 2),
            Map.entry("osgi.graphql.expose.exceptions", true));

    final ObjectMapper json = new ObjectMapper();
    final OsgiRuntime runtime;
    final int port;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    RuntimeFixture() throws Exception {
        this(Map.of());
        awaitSchema("/graphql", sdl -> sdl.contains("AddressService"));
        createGateway("special", SECOND_GATEWAY);
        createGateway("closed", Map.of("osgi.http.whiteboard.servlet.pattern", "/closed/graphql/*",
                "osgi.graphql.introspection.enabled", false));
        awaitSchema("/special/graphql", sdl -> sdl.contains("AddressService"));
    }

    /** Only the runtime (with extra framework properties), without the test gateways or waiting for the example's. */
    RuntimeFixture(Map<String, String> properties) throws Exception {
        port = freePort();
        Map<String, String> all = new java.util.HashMap<>(properties);
        all.put("org.osgi.service.http.port", String.valueOf(port));
        runtime = OsgiRuntime.start(all);
    }

    /** Polls until a gateway answers GraphQL at the path (used where the schema download is closed). */
    void awaitGateway(String path) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (post(path, "application/graphql", "{ __typename }").statusCode() == 200) {
                return;
            }
            Thread.sleep(50);
        }
        fail("no gateway at " + path);
    }

    BundleContext context() {
        return runtime.context();
    }

    HttpResponse<String> get(String pathAndQuery, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(pathAndQuery)).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String contentType, String body, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    /**
     * POSTs {"query": ..., "variables": ...} as JSON and parses the answer. It asks for legacy
     * application/json, whose answers to well-formed requests are 200 even for request errors.
     */
    JsonNode query(String path, String query, Map<String, Object> variables) throws IOException, InterruptedException {
        String body = json.writeValueAsString(Map.of("query", query, "variables", variables));
        HttpResponse<String> response = post(path, "application/json", body, "Accept", "application/json");
        if (response.statusCode() != 200) {
            fail("status " + response.statusCode() + ": " + response.body());
        }
        return json.readTree(response.body());
    }

    /** Polls the SDL download until it satisfies the condition (schema rebuilds are asynchronous). */
    String awaitSchema(String base, Predicate<String> condition) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String last = null;
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> response = get(base + "/schema.graphqls");
                last = response.statusCode() + " " + response.body();
                if (response.statusCode() == 200 && condition.test(response.body())) {
                    return response.body();
                }
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(50);
        }
        return fail("schema at " + base + " never reached the expected state; last answer: " + last);
    }

    /** The change count of the gateway whose servlet pattern is given, read from its runtime service. */
    long changeCount(String pattern) throws Exception {
        return (Long) runtimeReference(pattern).getProperty("service.changecount");
    }

    ServiceReference<?> runtimeReference(String pattern) throws Exception {
        ServiceReference<?>[] references = context().getAllServiceReferences("org.gatehouse.graphql.api.GraphqlServiceRuntime",
                "(osgi.http.whiteboard.servlet.pattern=" + pattern + ")");
        if (references == null || references.length != 1) {
            return fail("expected one runtime service for " + pattern);
        }
        return references[0];
    }

    /** Reads a public field of the runtime DTO by reflection (the DTO class lives in the api bundle). */
    Object runtimeDto(String pattern, String field) throws Exception {
        Object service = context().getService(runtimeReference(pattern));
        try {
            // call through the public api interface; the implementation class is private to its bundle
            Class<?> api = service.getClass().getInterfaces()[0];
            Object dto = api.getMethod("getRuntimeDTO").invoke(service);
            return dto.getClass().getField(field).get(dto);
        } finally {
            context().ungetService(runtimeReference(pattern));
        }
    }

    /** Creates a gateway: a factory configuration {@code GraphqlWhiteboard~name}, as a Configurator entry would. */
    void createGateway(String name, Map<String, Object> properties) throws Exception {
        createConfiguration("GraphqlWhiteboard", name, properties);
    }

    /**
     * Creates or updates the factory configuration {@code factoryPid~name} through Config Admin.
     * Reflection, because the Config Admin API classes live inside the framework.
     */
    void createConfiguration(String factoryPid, String name, Map<String, Object> properties) throws Exception {
        withConfiguration(factoryPid, name, "update", new java.util.Hashtable<>(properties));
    }

    /** Deletes the factory configuration {@code factoryPid~name}. */
    void deleteConfiguration(String factoryPid, String name) throws Exception {
        withConfiguration(factoryPid, name, "delete", null);
    }

    private void withConfiguration(String factoryPid, String name, String method, java.util.Dictionary<String, Object> properties) throws Exception {
        // getAll...: the API class is not visible to the system bundle, so skip the class-space check
        ServiceReference<?> reference = context().getAllServiceReferences("org.osgi.service.cm.ConfigurationAdmin", null)[0];
        Object configAdmin = context().getService(reference);
        try {
            Object configuration = configAdmin.getClass()
                    .getMethod("getFactoryConfiguration", String.class, String.class, String.class)
                    .invoke(configAdmin, factoryPid, name, "?");
            java.lang.reflect.Method call = properties == null ? configuration.getClass().getMethod(method)
                    : configuration.getClass().getMethod(method, java.util.Dictionary.class);
            call.setAccessible(true);
            if (properties == null) {
                call.invoke(configuration);
            } else {
                call.invoke(configuration, properties);
            }
        } finally {
            context().ungetService(reference);
        }
    }

    /** Installs and starts the test bundle (DS components: Duration service and scalar, instrumentation, caller service). */
    org.osgi.framework.Bundle installTestBundle() throws Exception {
        String jar = System.getProperty("testbundle.jar");
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(java.nio.file.Path.of(jar))) {
            org.osgi.framework.Bundle bundle = context().installBundle("test:" + jar, in);
            bundle.start();
            return bundle;
        }
    }

    /**
     * Disables or enables a DS component through Service Component Runtime and waits for the change.
     * Reflection, because the SCR API classes live inside the framework.
     */
    void setComponentEnabled(String bundleSymbolicName, String componentName, boolean enabled) throws Exception {
        org.osgi.framework.Bundle bundle = java.util.Arrays.stream(context().getBundles())
                .filter(b -> b.getSymbolicName().equals(bundleSymbolicName)).findFirst().orElseThrow();
        ServiceReference<?> reference = context().getAllServiceReferences("org.osgi.service.component.runtime.ServiceComponentRuntime", null)[0];
        Object scr = context().getService(reference);
        try {
            Class<?> api = java.util.Arrays.stream(scr.getClass().getInterfaces())
                    .filter(i -> i.getName().equals("org.osgi.service.component.runtime.ServiceComponentRuntime")).findFirst().orElseThrow();
            Object description = api.getMethod("getComponentDescriptionDTO", org.osgi.framework.Bundle.class, String.class)
                    .invoke(scr, bundle, componentName);
            Object promise = java.util.Arrays.stream(api.getMethods())
                    .filter(m -> m.getName().equals(enabled ? "enableComponent" : "disableComponent")).findFirst().orElseThrow()
                    .invoke(scr, description);
            java.lang.reflect.Method getValue = promise.getClass().getMethod("getValue");
            getValue.setAccessible(true);
            getValue.invoke(promise);
        } finally {
            context().ungetService(reference);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        runtime.close();
    }
}
