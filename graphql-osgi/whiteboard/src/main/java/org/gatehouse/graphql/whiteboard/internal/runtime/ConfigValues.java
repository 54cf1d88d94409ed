package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Reads typed values from configuration properties as Config Admin and the Configurator deliver them
 * (numbers or strings, arrays, collections or comma-separated strings). A value that cannot be read
 * fails with a message naming the property, so a gateway never starts with a silently ignored setting.
 */
final class ConfigValues {
    private ConfigValues() {}

    static long number(Map<String, ?> properties, String key, long fallback) {
        Object value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            long parsed = value instanceof Number n ? n.longValue() : Long.parseLong(value.toString().trim());
            if (parsed < 0 || parsed > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(key + " must be between 0 and " + Integer.MAX_VALUE + ", got " + value);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + value + "'", e);
        }
    }

    static boolean flag(Map<String, ?> properties, String key, boolean fallback) {
        Object value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        String text = value.toString().trim();
        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(key + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(text);
    }

    /** A list from an array, a collection or a comma-separated string; blanks dropped. */
    static List<String> list(Map<String, ?> properties, String key, List<String> fallback) {
        Object value = properties.get(key);
        if (value == null) {
            return fallback;
        }
        List<String> items = new ArrayList<>();
        if (value instanceof Object[] array) {
            for (Object item : array) {
                split(String.valueOf(item), items);
            }
        } else if (value instanceof Collection<?> collection) {
            collection.forEach(item -> split(String.valueOf(item), items));
        } else {
            split(value.toString(), items);
        }
        return List.copyOf(items);
    }

    static String string(Map<String, ?> properties, String key) {
        Object value = properties.get(key);
        return value == null || value.toString().isBlank() ? null : value.toString().trim();
    }

    private static void split(String text, List<String> into) {
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                into.add(part.trim());
            }
        }
    }
}
