package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import java.lang.reflect.AnnotatedElement;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.gatehouse.graphql.api.mapping.GraphqlScalar;
import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.gatehouse.graphql.api.mapping.MappedInput;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMapping;

/**
 * A {@link GraphqlScalar} service as a type mapper: its Java classes become its scalar in both directions.
 * The scalar joins the schema only when a service uses it; a name already taken by another type is
 * reported, and the classes then fall back to the whiteboard's own rules.
 */
final class ScalarMapper implements GraphqlTypeMapper {
    private final GraphqlScalar scalar;

    ScalarMapper(GraphqlScalar scalar) {
        this.scalar = scalar;
    }

    @Override
    public TypeMapping startBuild(MappingContext context) {
        GraphQLScalarType type = scalar.scalar();
        Set<Class<?>> classes = Set.copyOf(scalar.javaTypes());
        return new TypeMapping() {
            private Boolean claimed;

            private GraphQLScalarType use() {
                if (claimed == null) {
                    claimed = context.claim(type.getName(), ScalarMapper.this);
                    if (!claimed) {
                        context.leftOut("scalar " + type.getName(), "the name is taken by another type of the schema");
                    }
                }
                return claimed ? type : null;
            }

            @Override
            public GraphQLOutputType output(Class<?> javaType, AnnotatedElement source) {
                return classes.contains(javaType) ? use() : null;
            }

            @Override
            public MappedInput input(Class<?> javaType, AnnotatedElement source) {
                // the scalar's coercing already produced the Java value
                return classes.contains(javaType) && use() != null ? new MappedInput(type, Function.identity()) : null;
            }

            @Override
            public Collection<GraphQLNamedType> types() {
                return Boolean.TRUE.equals(claimed) ? List.of(type) : List.of();
            }
        };
    }
}
