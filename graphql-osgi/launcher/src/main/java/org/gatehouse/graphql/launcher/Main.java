package org.gatehouse.graphql.launcher;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code java [-Dorg.osgi.service.http.port=8099] -jar graphql-osgi-runtime.jar}: starts the example
 * runtime; GraphQL answers at http://127.0.0.1:PORT/graphql. System properties starting with
 * {@code org.osgi.}, {@code org.apache.felix.}, {@code felix.} or {@code configurator.} are passed to the
 * framework.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().forEach((key, value) -> {
            String name = key.toString();
            if (name.startsWith("org.osgi.") || name.startsWith("org.apache.felix.") || name.startsWith("felix.")
                    || name.startsWith("configurator.")) {
                properties.put(name, value.toString());
            }
        });
        OsgiRuntime runtime;
        try {
            runtime = OsgiRuntime.start(properties);
        } catch (IllegalArgumentException e) {
            System.err.println("GraphQL example runtime: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(runtime::close, "graphql-osgi-shutdown"));
        String port = properties.getOrDefault("org.osgi.service.http.port", OsgiRuntime.DEFAULT_PORT);
        String host = properties.getOrDefault("org.apache.felix.http.host", "127.0.0.1");
        if (!runtime.awaitHttp(30_000)) {
            System.err.println("GraphQL example runtime: no HTTP server on " + host + ":" + port + " (port in use?); stopping");
            runtime.close();
            System.exit(1);
        }
        if (!runtime.awaitSchemas(30_000)) {
            System.err.println("GraphQL example runtime: a gateway has not built its schema yet; see the runtime DTO");
        }
        System.err.println("GraphQL example runtime started: http://" + host + ":" + port + "/graphql");
        runtime.waitForStop();
    }
}
