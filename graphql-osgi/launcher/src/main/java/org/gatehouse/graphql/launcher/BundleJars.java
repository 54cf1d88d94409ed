package org.gatehouse.graphql.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The run bundles packed under {@code bundles/} in the launcher jar (or the classes directory in tests). */
final class BundleJars {
    private BundleJars() {}

    /** A bundle to install: its location name and a way to open it. */
    record BundleJar(String name, Opener opener) {}

    /** Opens a bundle's bytes. */
    interface Opener {
        InputStream open() throws IOException;
    }

    static List<BundleJar> list() throws IOException {
        URL location = BundleJars.class.getProtectionDomain().getCodeSource().getLocation();
        Path path;
        try {
            path = Path.of(location.toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the launcher at " + location, e);
        }
        List<BundleJar> jars = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.list(path.resolve("bundles"))) {
                files.filter(f -> f.toString().endsWith(".jar")).sorted()
                        .forEach(f -> jars.add(new BundleJar(f.getFileName().toString(), () -> Files.newInputStream(f))));
            }
        } else {
            JarFile jar = new JarFile(path.toFile());
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (entry.getName().startsWith("bundles/") && entry.getName().endsWith(".jar")) {
                    jars.add(new BundleJar(entry.getName().substring("bundles/".length()), () -> jar.getInputStream(entry)));
                }
            }
        }
        if (jars.isEmpty()) {
            throw new IOException("no bundles found under bundles/ next to " + path + "; build with mvn -f graphql-osgi package");
        }
        return jars;
    }
}
