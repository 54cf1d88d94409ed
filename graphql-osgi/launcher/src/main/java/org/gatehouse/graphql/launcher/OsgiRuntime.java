package org.gatehouse.graphql.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.felix.framework.FrameworkFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

/**
 * A Felix framework with the run bundles of the example runtime installed and started: Declarative
 * Services, Config Admin + Configurator, the Felix HTTP Jetty whiteboard, graphql-java and the gateway.
 */
public final class OsgiRuntime implements AutoCloseable {
    /** Default HTTP port of the example runtime. */
    public static final String DEFAULT_PORT = "8099";

    private final Framework framework;
    private final Path storage;

    private OsgiRuntime(Framework framework, Path storage) {
        this.framework = framework;
        this.storage = storage;
    }

    /**
     * Starts a framework; {@code properties} override the defaults (e.g. org.osgi.service.http.port).
     *
     * @throws IllegalArgumentException when {@code configurator.initial} cannot be applied (see {@link InitialConfiguration})
     */
    public static OsgiRuntime start(Map<String, String> properties) throws IOException, BundleException {
        InitialConfiguration.check(properties.get(InitialConfiguration.PROPERTY));
        // silent by default: Jetty logs through slf4j-simple, warnings and errors only unless asked
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        Path storage = Files.createTempDirectory("graphql-osgi-felix");
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("org.osgi.service.http.port", DEFAULT_PORT);
        config.put("org.apache.felix.http.host", "127.0.0.1");
        config.putAll(properties);
        Framework framework = new FrameworkFactory().newFramework(config);
        framework.init();
        OsgiRuntime runtime = new OsgiRuntime(framework, storage);
        try {
            runtime.installAndStart(framework.getBundleContext());
            framework.start();
        } catch (IOException | BundleException | RuntimeException e) {
            runtime.close();
            throw e;
        }
        return runtime;
    }

    private void installAndStart(BundleContext context) throws IOException, BundleException {
        List<Bundle> installed = new ArrayList<>();
        for (BundleJars.BundleJar jar : BundleJars.list()) {
            try (InputStream in = jar.opener().open()) {
                installed.add(context.installBundle("bundles/" + jar.name(), in));
            }
        }
        // the Log Service first, so that the Configurator logs into it instead of printing to stdout
        installed.sort(Comparator.comparing((Bundle b) -> !b.getSymbolicName().equals("org.apache.felix.log")));
        for (Bundle bundle : installed) {
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                bundle.start();
            }
        }
    }

    /** Waits until the HTTP whiteboard runtime is registered, which Felix does once Jetty listens. */
    public boolean awaitHttp(long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (context().getAllServiceReferences("org.osgi.service.servlet.runtime.HttpServiceRuntime", null) != null) {
                    return true;
                }
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
            Thread.sleep(100);
        }
        return false;
    }

    /**
     * Waits until every gateway has rebuilt its schema at least once after its initial empty one
     * ({@code service.changecount} of 2 or more) and the schemas have settled: no gateway rebuilt for a
     * second. Services and type mappers (the EMF bundle) start in no fixed order, so the first build after
     * start-up may not hold them all yet.
     */
    public boolean awaitSchemas(long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        long lastTotal = -1;
        int quietPolls = 0;
        while (System.currentTimeMillis() < deadline) {
            try {
                ServiceReference<?>[] gateways =
                        context().getAllServiceReferences("org.gatehouse.graphql.api.GraphqlServiceRuntime", null);
                if (gateways != null && java.util.Arrays.stream(gateways)
                        .allMatch(g -> ((Long) g.getProperty("service.changecount")) >= 2)) {
                    long total = java.util.Arrays.stream(gateways).mapToLong(g -> (Long) g.getProperty("service.changecount")).sum();
                    quietPolls = total == lastTotal ? quietPolls + 1 : 0;
                    lastTotal = total;
                    if (quietPolls >= 10) {
                        return true;
                    }
                }
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
            Thread.sleep(100);
        }
        return false;
    }

    public BundleContext context() {
        return framework.getBundleContext();
    }

    public Framework framework() {
        return framework;
    }

    /** Waits for the framework to stop (used by Main). */
    public void waitForStop() throws InterruptedException {
        framework.waitForStop(0);
    }

    @Override
    public void close() {
        try {
            framework.stop();
            framework.waitForStop(30_000);
        } catch (BundleException | InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            deleteQuietly(storage);
        }
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory; the OS cleans up what is left
        }
    }
}
