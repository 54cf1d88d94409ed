package org.gatehouse.graphql.api.mapping;

import graphql.schema.GraphQLInputType;
import java.util.Objects;
import java.util.function.Function;

/**
 * An input type and the converter that turns a value of it, as graphql-java coerced it (a {@code Map} for
 * an input object, the enum value, the scalar), into the Java value the service method receives. The
 * converter is called once per element of a list and never with null; it may throw
 * {@link org.gatehouse.graphql.api.GraphqlClientException}, whose message the client gets as a GraphQL error.
 */
public record MappedInput(GraphQLInputType type, Function<Object, Object> converter) {
    public MappedInput {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(converter, "converter");
    }
}
