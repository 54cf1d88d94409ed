package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The SDL generated from Java types must match the golden files in src/test/resources. */
class SchemaGoldenTest {

    @Test
    void exampleSchemaMatchesGoldenSdl() throws IOException {
        assertGolden("example.graphqls", TestSchemas.sdl(TestSchemas.example()));
    }

    @Test
    void inheritanceUnionAndScalarRulesMatchGoldenSdl() throws IOException {
        assertGolden("shop.graphqls", TestSchemas.sdl(TestSchemas.shop()));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        // written next to the build output so a changed schema can be reviewed and copied over
        Path written = Path.of("target", "actual-" + name);
        Files.createDirectories(written.getParent());
        Files.writeString(written, actual);
        try (InputStream golden = SchemaGoldenTest.class.getResourceAsStream("/" + name)) {
            assertNotNull(golden, "missing golden file " + name + "; the actual SDL is in " + written);
            assertEquals(new String(golden.readAllBytes(), StandardCharsets.UTF_8), actual, name);
        }
    }
}
