package org.gatehouse.graphql.api.mapping;

import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLOutputType;
import java.lang.reflect.AnnotatedElement;
import java.util.Collection;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The answers of one {@link GraphqlTypeMapper} during one schema build. The whiteboard unwraps lists,
 * arrays, {@code Optional} and {@code CompletionStage} itself and asks about the element class only.
 * Return {@code null} for a class this mapping does not handle; throw {@link TypeMappingException} for one
 * it handles but cannot map, and the method, parameter or attribute is left out and reported.
 */
@ConsumerType
public interface TypeMapping {
    /**
     * The output type of values of {@code type}, usually a type reference to a type that {@link #types()}
     * returns.
     *
     * @param source the service method (return values; it may carry {@code @GraphqlUnionType}) or the getter
     *     of a model attribute, for the annotations on it
     */
    GraphQLOutputType output(Class<?> type, AnnotatedElement source);

    /**
     * The input type of a service method parameter of {@code type}, and how to build the Java value.
     *
     * @param source the parameter, for the annotations on it
     */
    MappedInput input(Class<?> type, AnnotatedElement source);

    /** Called once after every service is mapped: all named types this mapping contributes. */
    Collection<GraphQLNamedType> types();
}
