package org.gatehouse.graphql.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Checks {@code configurator.initial} before the framework starts. The OSGi Configurator (150.4) accepts
 * JSON outside a bundle, inline or from URLs, only with {@code :configurator:symbolic-name} and
 * {@code :configurator:version}; without them Felix's Configurator logs "Invalid JSON" and applies nothing.
 * The runtime refuses to start instead, naming what is missing.
 */
final class InitialConfiguration {
    static final String PROPERTY = "configurator.initial";
    private static final String[] REQUIRED = {":configurator:symbolic-name", ":configurator:version"};

    private InitialConfiguration() {}

    /** @throws IllegalArgumentException naming the property, the source and the missing keys */
    static void check(String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        if (value.trim().startsWith("{")) {
            checkJson("the inline JSON", value);
            return;
        }
        for (String url : value.split(",")) {
            checkJson(url.trim(), read(url.trim()));
        }
    }

    private static void checkJson(String source, String json) {
        for (String key : REQUIRED) {
            if (!json.contains("\"" + key + "\"")) {
                throw new IllegalArgumentException(PROPERTY + ": " + source + " has no \"" + key + "\"; JSON outside a bundle needs"
                        + " \":configurator:symbolic-name\" and \":configurator:version\" (e.g. \"gateways\" and \"1.0.0\"),"
                        + " else the Configurator applies none of it");
            }
        }
    }

    private static String read(String url) {
        try (InputStream in = URI.create(url).toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(PROPERTY + ": cannot read " + url + " (" + e.getMessage() + ")", e);
        }
    }
}
