package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.Scalars;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLTypeReference;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.gatehouse.graphql.api.mapping.MappedInput;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMapping;
import org.gatehouse.graphql.api.mapping.TypeMappingException;
import org.gatehouse.graphql.whiteboard.internal.schema.mapped.Shape;
import org.gatehouse.graphql.whiteboard.internal.schema.mapped.ShapeService;

/**
 * A type mapper for the seam test: {@link Shape} (a Java interface, which the whiteboard's own rules refuse)
 * becomes {@code type <prefix>Shape} and {@code input <prefix>ShapeInput}; {@link ShapeService.Refused} is
 * refused. The prefix tells which of two mappers answered.
 */
final class ShapeMapper implements GraphqlTypeMapper {
    record Built(String name, int corners) implements Shape {}

    private final String prefix;
    /** The contexts of the builds started, to check what mappings see. */
    final List<MappingContext> contexts = new ArrayList<>();

    ShapeMapper(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public TypeMapping startBuild(MappingContext context) {
        contexts.add(context);
        return new TypeMapping() {
            private boolean used;

            @Override
            public GraphQLOutputType output(Class<?> type, AnnotatedElement source) {
                if (type == ShapeService.Refused.class) {
                    throw new TypeMappingException("Refused is refused by " + prefix);
                }
                if (type != Shape.class) {
                    return null;
                }
                used = true;
                return GraphQLTypeReference.typeRef(prefix + "Shape");
            }

            @Override
            public MappedInput input(Class<?> type, AnnotatedElement source) {
                if (type != Shape.class) {
                    return null;
                }
                used = true;
                return new MappedInput(GraphQLTypeReference.typeRef(prefix + "ShapeInput"), value -> {
                    Map<?, ?> map = (Map<?, ?>) value;
                    Object corners = map.get("corners");
                    return new Built((String) map.get("name"), corners == null ? 0 : (Integer) context.toJava(corners, int.class));
                });
            }

            @Override
            public Collection<GraphQLNamedType> types() {
                if (!used || !context.claim(prefix + "Shape", Shape.class)) {
                    return List.of();
                }
                String name = prefix + "Shape";
                context.codeRegistry().dataFetcher(FieldCoordinates.coordinates(name, "name"), (DataFetcher<?>) env -> ((Shape) env.getSource()).name());
                context.codeRegistry().dataFetcher(FieldCoordinates.coordinates(name, "corners"), (DataFetcher<?>) env -> ((Shape) env.getSource()).corners());
                return List.of(
                        GraphQLObjectType.newObject().name(name)
                                .field(GraphQLFieldDefinition.newFieldDefinition().name("name").type(context.scalar(String.class)))
                                .field(GraphQLFieldDefinition.newFieldDefinition().name("corners").type(GraphQLNonNull.nonNull(context.scalar(int.class))))
                                .build(),
                        GraphQLInputObjectType.newInputObject().name(name + "Input")
                                .field(GraphQLInputObjectField.newInputObjectField().name("name").type(GraphQLNonNull.nonNull(Scalars.GraphQLString)))
                                .field(GraphQLInputObjectField.newInputObjectField().name("corners").type(Scalars.GraphQLInt))
                                .build());
            }
        };
    }
}
