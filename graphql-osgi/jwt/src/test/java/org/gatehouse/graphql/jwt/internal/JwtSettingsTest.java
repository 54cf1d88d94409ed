package org.gatehouse.graphql.jwt.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A configuration that cannot be honoured fails with the property's name and never the secret. */
class JwtSettingsTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef-secret";

    @TempDir
    Path dir;

    private static String failure(Map<String, ?> properties) {
        return assertThrows(IllegalArgumentException.class, () -> JwtSettings.from(properties, name -> null)).getMessage();
    }

    @Test
    void secretFromAFileOrTheEnvironment() throws Exception {
        Path file = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        JwtSettings fromFile = JwtSettings.from(Map.of("secret.file", file.toString(), "audience", "site"), name -> null);
        assertArrayEquals(SECRET.getBytes(StandardCharsets.UTF_8), fromFile.secret(), "trailing newline dropped");
        assertEquals("site", fromFile.audience());
        JwtSettings fromEnv = JwtSettings.from(Map.of("secret.env", "GATEHOUSE_SECRET"), name -> name.equals("GATEHOUSE_SECRET") ? SECRET : null);
        assertArrayEquals(SECRET.getBytes(StandardCharsets.UTF_8), fromEnv.secret());
    }

    @Test
    void exactlyOneKeySource() {
        assertEquals("the JWT authenticator needs exactly one of secret.file, secret.env or jwks.url; got 0", failure(Map.of()));
        assertEquals("the JWT authenticator needs exactly one of secret.file, secret.env or jwks.url; got 2",
                failure(Map.of("secret.env", "X", "jwks.url", "https://id.example.com/jwks")));
    }

    @Test
    void unusableSecretsAreRefusedWithoutEchoingThem() throws Exception {
        assertEquals("no secret in secret.env GATEHOUSE_SECRET", failure(Map.of("secret.env", "GATEHOUSE_SECRET")));
        Path shortSecret = Files.writeString(dir.resolve("short"), "hunter2-is-short");
        String message = failure(Map.of("secret.file", shortSecret.toString()));
        assertEquals("the secret in secret.file " + shortSecret + " has 16 characters; at least 32 are required", message);
        assertFalse(message.contains("hunter2"));
        assertEquals("cannot read secret.file " + dir.resolve("missing") + ": NoSuchFileException",
                failure(Map.of("secret.file", dir.resolve("missing").toString())));
    }

    @Test
    void jwksNeedsAnHttpUrl() {
        assertEquals("https://id.example.com/.well-known/jwks.json",
                JwtSettings.from(Map.of("jwks.url", "https://id.example.com/.well-known/jwks.json"), name -> null).jwks().toString());
        assertEquals("jwks.url must be an http(s) URL, got 'file:///etc/jwks'", failure(Map.of("jwks.url", "file:///etc/jwks")));
    }
}
