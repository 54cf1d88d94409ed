package org.gatehouse.graphql.emf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Compares SDL with a golden file from the test resources; the actual SDL is written under target/ for review. */
final class Golden {
    private Golden() {}

    static void assertGolden(String name, String actual) throws IOException {
        Path written = Path.of("target", "actual-" + name);
        Files.createDirectories(written.getParent());
        Files.writeString(written, actual);
        try (InputStream golden = Golden.class.getResourceAsStream("/" + name)) {
            assertNotNull(golden, "missing golden file " + name + "; the actual SDL is in " + written);
            assertEquals(new String(golden.readAllBytes(), StandardCharsets.UTF_8), actual, name);
        }
    }
}
