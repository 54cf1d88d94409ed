package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.Scalars;
import graphql.scalars.ExtendedScalars;
import graphql.schema.GraphQLScalarType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.Map;
import java.util.UUID;

/**
 * Java classes with a natural GraphQL scalar. A {@code long} becomes the 64-bit {@code Long} scalar, never a
 * 32-bit {@code Int}; each scalar name stands for one kind of value (all instants are {@code DateTime}).
 */
final class ScalarTable {
    private ScalarTable() {}

    private static final Map<Class<?>, GraphQLScalarType> SCALARS = Map.ofEntries(
            Map.entry(String.class, Scalars.GraphQLString),
            Map.entry(char.class, Scalars.GraphQLString),
            Map.entry(Character.class, Scalars.GraphQLString),
            Map.entry(int.class, Scalars.GraphQLInt),
            Map.entry(Integer.class, Scalars.GraphQLInt),
            Map.entry(short.class, Scalars.GraphQLInt),
            Map.entry(Short.class, Scalars.GraphQLInt),
            Map.entry(byte.class, Scalars.GraphQLInt),
            Map.entry(Byte.class, Scalars.GraphQLInt),
            Map.entry(long.class, ExtendedScalars.GraphQLLong),
            Map.entry(Long.class, ExtendedScalars.GraphQLLong),
            Map.entry(float.class, Scalars.GraphQLFloat),
            Map.entry(Float.class, Scalars.GraphQLFloat),
            Map.entry(double.class, Scalars.GraphQLFloat),
            Map.entry(Double.class, Scalars.GraphQLFloat),
            Map.entry(boolean.class, Scalars.GraphQLBoolean),
            Map.entry(Boolean.class, Scalars.GraphQLBoolean),
            Map.entry(BigDecimal.class, ExtendedScalars.GraphQLBigDecimal),
            Map.entry(BigInteger.class, ExtendedScalars.GraphQLBigInteger),
            Map.entry(UUID.class, ExtendedScalars.UUID),
            Map.entry(LocalDate.class, ExtendedScalars.Date),
            Map.entry(LocalTime.class, ExtendedScalars.LocalTime),
            Map.entry(OffsetDateTime.class, ExtendedScalars.DateTime),
            Map.entry(ZonedDateTime.class, ExtendedScalars.DateTime),
            Map.entry(Instant.class, ExtendedScalars.DateTime),
            Map.entry(Date.class, ExtendedScalars.DateTime));

    /** The scalar for a class, or null when the class is not a scalar. */
    static GraphQLScalarType scalarFor(Class<?> type) {
        return SCALARS.get(type);
    }

    /** The scalar used for maps: arbitrary JSON, as input objects arrive without a declared type. */
    static GraphQLScalarType json() {
        return ExtendedScalars.Json;
    }

    /** {@code ID} for id attributes that hold strings, numbers or UUIDs. */
    static boolean canBeId(Class<?> type) {
        return type == String.class || type == UUID.class || type == long.class || type == Long.class
                || type == int.class || type == Integer.class;
    }
}
