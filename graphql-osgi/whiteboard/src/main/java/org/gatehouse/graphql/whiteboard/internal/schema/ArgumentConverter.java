package org.gatehouse.graphql.whiteboard.internal.schema;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Array;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Converts coerced GraphQL argument values (Integer, Long, Double, String, enum constants, lists, maps
 * for input objects) to the declared Java parameter type. Input objects arrive as maps: a {@code Map}
 * parameter receives the map itself, a class parameter an instance bound by Jackson, and an element class
 * that a type mapper took the value its converter builds.
 */
final class ArgumentConverter {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ArgumentConverter() {}

    /** {@code element}: the type mapper's converter for the element values, or null. */
    static Object convert(Object value, Type target, Function<Object, Object> element) {
        Class<?> raw = JavaTypes.raw(target);
        if (raw == Optional.class) {
            return Optional.ofNullable(convert(value, JavaTypes.firstArgument(target), element));
        }
        if (value == null) {
            return null;
        }
        if (JavaTypes.isList(target)) {
            return toCollection(value, target, raw, element);
        }
        if (element != null) {
            return element.apply(value);
        }
        if (value instanceof Number number) {
            return number(number, raw);
        }
        if (value instanceof OffsetDateTime dateTime) {
            return OutputValues.instantFor(dateTime, raw);
        }
        if ((raw == char.class || raw == Character.class) && value instanceof String text && text.length() == 1) {
            return text.charAt(0);
        }
        if (value instanceof Map<?, ?> map && !Map.class.isAssignableFrom(raw)) {
            return MAPPER.convertValue(map, MAPPER.constructType(target));
        }
        return value;
    }

    private static Object toCollection(Object value, Type target, Class<?> raw, Function<Object, Object> element) {
        Type elementType = JavaTypes.firstArgument(target);
        List<Object> items = new ArrayList<>();
        Collection<?> source = value instanceof Collection<?> c ? c : List.of(value);
        source.forEach(item -> items.add(convert(item, elementType, element)));
        if (raw.isArray()) {
            Object array = Array.newInstance(raw.getComponentType(), items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, items.get(i));
            }
            return array;
        }
        if (Set.class.isAssignableFrom(raw)) {
            return new LinkedHashSet<>(items);
        }
        return items;
    }

    private static Object number(Number number, Class<?> raw) {
        if (raw == int.class || raw == Integer.class) {
            return number.intValue();
        }
        if (raw == long.class || raw == Long.class) {
            return number.longValue();
        }
        if (raw == double.class || raw == Double.class) {
            return number.doubleValue();
        }
        if (raw == float.class || raw == Float.class) {
            return number.floatValue();
        }
        if (raw == short.class || raw == Short.class) {
            return number.shortValue();
        }
        if (raw == byte.class || raw == Byte.class) {
            return number.byteValue();
        }
        if (raw == BigDecimal.class) {
            return new BigDecimal(number.toString());
        }
        if (raw == BigInteger.class) {
            return new BigInteger(number.toString());
        }
        return number;
    }
}
