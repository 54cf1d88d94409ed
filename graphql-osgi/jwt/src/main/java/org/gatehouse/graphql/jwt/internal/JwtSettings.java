package org.gatehouse.graphql.jwt.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The configuration of one JWT authenticator: where the key comes from, exactly one of a HS256 secret
 * ({@code secret.file} or {@code secret.env}, never the secret itself in the configuration) or a JWKS
 * URL ({@code jwks.url}), plus optional {@code audience} and {@code issuer} the tokens must carry. A
 * configuration that cannot be honoured fails activation with a message naming the property and never
 * the secret.
 */
record JwtSettings(byte[] secret, URI jwks, String audience, String issuer) {
    static final String SECRET_FILE = "secret.file";
    static final String SECRET_ENV = "secret.env";
    static final String JWKS_URL = "jwks.url";
    static final String AUDIENCE = "audience";
    static final String ISSUER = "issuer";
    /** As Gatehouse requires of its signing secret. */
    static final int MIN_SECRET_CHARS = 32;

    static JwtSettings from(Map<String, ?> properties, UnaryOperator<String> environment) {
        String file = text(properties, SECRET_FILE);
        String env = text(properties, SECRET_ENV);
        String jwks = text(properties, JWKS_URL);
        int sources = (file == null ? 0 : 1) + (env == null ? 0 : 1) + (jwks == null ? 0 : 1);
        if (sources != 1) {
            throw new IllegalArgumentException("the JWT authenticator needs exactly one of " + SECRET_FILE + ", " + SECRET_ENV
                    + " or " + JWKS_URL + "; got " + sources);
        }
        String audience = text(properties, AUDIENCE);
        String issuer = text(properties, ISSUER);
        if (jwks != null) {
            return new JwtSettings(null, jwksUri(jwks), audience, issuer);
        }
        String secret = file != null ? readFile(file) : environment.apply(env);
        String source = file != null ? SECRET_FILE + " " + file : SECRET_ENV + " " + env;
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("no secret in " + source);
        }
        secret = secret.strip();
        if (secret.length() < MIN_SECRET_CHARS) {
            throw new IllegalArgumentException("the secret in " + source + " has " + secret.length()
                    + " characters; at least " + MIN_SECRET_CHARS + " are required");
        }
        // Gatehouse signs with the UTF-8 bytes of the secret text
        return new JwtSettings(secret.getBytes(StandardCharsets.UTF_8), null, audience, issuer);
    }

    private static URI jwksUri(String text) {
        try {
            URI uri = URI.create(text);
            if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
                throw new IllegalArgumentException(JWKS_URL + " must be an http(s) URL, got '" + text + "'");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(JWKS_URL + " must be an http(s) URL, got '" + text + "'", e);
        }
    }

    private static String readFile(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + SECRET_FILE + " " + file + ": " + e.getClass().getSimpleName(), e);
        }
    }

    private static String text(Map<String, ?> properties, String key) {
        Object value = properties.get(key);
        return value == null || value.toString().isBlank() ? null : value.toString().trim();
    }
}
