package org.gatehouse.graphql.whiteboard.internal.schema;

import java.lang.reflect.Array;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Adapts values returned by Java code to what graphql-java serialises. */
final class OutputValues {
    private OutputValues() {}

    /**
     * Unwraps Optional, turns arrays and collections into lists (null into an empty list, since list
     * fields are {@code [T]!}), instants into OffsetDateTime, and adapts asynchronous results the same way.
     */
    static Object adapt(Object value, boolean list) {
        if (value instanceof CompletionStage<?> stage) {
            return stage.toCompletableFuture().thenApply(v -> adapt(v, list));
        }
        if (value instanceof Optional<?> optional) {
            return adapt(optional.orElse(null), list);
        }
        if (list) {
            return toList(value);
        }
        if (value instanceof Instant instant) {
            return instant.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof Date date) {
            return date.toInstant().atOffset(ZoneOffset.UTC);
        }
        return value;
    }

    private static List<Object> toList(Object value) {
        if (value == null) {
            return List.of();
        }
        List<Object> result = new ArrayList<>();
        if (value instanceof Collection<?> collection) {
            collection.forEach(item -> result.add(adapt(item, false)));
        } else if (value.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(value); i++) {
                result.add(adapt(Array.get(value, i), false));
            }
        } else {
            result.add(adapt(value, false));
        }
        return result;
    }

    /** True when the declared Java type maps to a GraphQL list. */
    static boolean isList(java.lang.reflect.Type type) {
        if (JavaTypes.isWrapper(type)) {
            return isList(JavaTypes.firstArgument(type));
        }
        return JavaTypes.isList(type);
    }

    static boolean isVoid(Class<?> type) {
        return type == void.class || type == Void.class;
    }

    /** OffsetDateTime values a client sent, converted back for a parameter of another instant type. */
    static Object instantFor(OffsetDateTime value, Class<?> target) {
        if (target == Instant.class) {
            return value.toInstant();
        }
        if (target == Date.class) {
            return Date.from(value.toInstant());
        }
        if (target == java.time.ZonedDateTime.class) {
            return value.toZonedDateTime();
        }
        return value;
    }
}
