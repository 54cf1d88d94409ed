package org.gatehouse.graphql.api.mapping;

import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLScalarType;
import org.osgi.annotation.versioning.ProviderType;

/** What the whiteboard offers a {@link TypeMapping} during one schema build. */
@ProviderType
public interface MappingContext {
    /**
     * The scalar the whiteboard maps a Java class to ({@code String}, {@code int} to {@code Int},
     * {@code long} to {@code Long}, {@code Date} to {@code DateTime}, ...), or null when it has none.
     */
    GraphQLScalarType scalar(Class<?> javaType);

    /** Adapts a Java value to what its scalar serialises (for instance a {@code Date} to an OffsetDateTime). */
    Object toGraphql(Object javaValue);

    /** Converts a coerced scalar value (Integer, Double, OffsetDateTime, ...) to the Java class. */
    Object toJava(Object graphqlValue, Class<?> javaType);

    /**
     * Reserves a GraphQL type name for {@code owner} (owners are compared with {@code equals}). False when
     * another owner, of this or any other mapping or of the whiteboard's own rules, holds the name.
     */
    boolean claim(String typeName, Object owner);

    /** Where the mapping registers the data fetchers and type resolvers of the types it adds. */
    GraphQLCodeRegistry.Builder codeRegistry();

    /** Reports something left out of the schema; it shows in the log and the gateway's runtime DTO. */
    void leftOut(String element, String reason);
}
