package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLEnumType;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLTypeReference;
import graphql.schema.GraphQLUnionType;
import graphql.schema.TypeResolver;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gatehouse.graphql.api.GraphqlInterface;

/**
 * Second pass of a schema build: turns the model classes of a {@link TypeCatalog} into GraphQL types.
 *
 * <p>A type's name depends only on its own class, never on which other classes are in the schema, so a
 * bundle that adds a subclass cannot rename a type clients already use. A concrete class becomes
 * {@code type <Class>}. An abstract class becomes {@code interface <Class>} with its own and inherited
 * attributes. A concrete class marked {@link GraphqlInterface} becomes {@code interface <Class>} plus
 * {@code type <Class>Impl}. Every object type implements the interfaces of its superclasses (and its own).
 * Objects of an interface-typed field resolve to the type of their runtime class (the nearest known
 * concrete class), not of the declared type as in the reference.
 */
final class ModelTypeBuilder {
    private final TypeCatalog catalog;
    private final GraphQLCodeRegistry.Builder code;
    private final Set<Class<?>> models;

    ModelTypeBuilder(TypeCatalog catalog, GraphQLCodeRegistry.Builder code) {
        this.catalog = catalog;
        this.code = code;
        this.models = catalog.outputs().keySet();
    }

    List<GraphQLNamedType> build() {
        List<GraphQLNamedType> types = new ArrayList<>();
        for (Map.Entry<Class<?>, List<FieldSpec>> entry : catalog.outputs().entrySet()) {
            Class<?> model = entry.getKey();
            List<FieldSpec> fields = entry.getValue();
            if (!isInterface(model)) {
                types.add(objectType(model.getSimpleName(), model, fields, interfacesOf(model)));
                continue;
            }
            types.add(interfaceType(model, fields));
            if (!Modifier.isAbstract(model.getModifiers())) {
                types.add(objectType(objectName(model), model, fields, interfacesOf(model)));
            }
        }
        catalog.unions().forEach((name, members) -> types.add(unionType(name, members)));
        catalog.enums().forEach(type -> types.add(enumType(type)));
        catalog.inputs().forEach((type, fields) -> types.add(inputType(type, fields)));
        return types;
    }

    /** The name of the object type that represents instances of a concrete model class. */
    String objectName(Class<?> model) {
        return isInterface(model) ? model.getSimpleName() + "Impl" : model.getSimpleName();
    }

    private static boolean isInterface(Class<?> model) {
        return Modifier.isAbstract(model.getModifiers()) || model.isAnnotationPresent(GraphqlInterface.class);
    }

    /** The interfaces an object type of this class implements: its own and its superclasses' in the schema. */
    private List<String> interfacesOf(Class<?> model) {
        List<String> names = new ArrayList<>();
        for (Class<?> type = model; models.contains(type); type = type.getSuperclass()) {
            if (isInterface(type)) {
                names.add(type.getSimpleName());
            }
        }
        return names;
    }

    private GraphQLObjectType objectType(String name, Class<?> model, List<FieldSpec> fields, List<String> interfaces) {
        GraphQLObjectType.Builder builder = GraphQLObjectType.newObject().name(name).description(describe(model));
        interfaces.forEach(i -> builder.withInterface(GraphQLTypeReference.typeRef(i)));
        for (FieldSpec field : fields) {
            builder.field(fieldDefinition(field));
            code.dataFetcher(FieldCoordinates.coordinates(name, field.name()), new GetterFetcher(field.getter()));
        }
        return builder.build();
    }

    private GraphQLInterfaceType interfaceType(Class<?> model, List<FieldSpec> fields) {
        GraphQLInterfaceType.Builder builder =
                GraphQLInterfaceType.newInterface().name(model.getSimpleName()).description(describe(model));
        fields.forEach(field -> builder.field(fieldDefinition(field)));
        code.typeResolver(model.getSimpleName(), resolverOver(models));
        return builder.build();
    }

    private GraphQLUnionType unionType(String name, List<Class<?>> members) {
        GraphQLUnionType.Builder builder = GraphQLUnionType.newUnionType().name(name);
        members.forEach(member -> builder.possibleType(GraphQLTypeReference.typeRef(objectName(member))));
        code.typeResolver(name, resolverOver(Set.copyOf(members)));
        return builder.build();
    }

    /** Resolves an object to the nearest class of its runtime class hierarchy found in {@code candidates}. */
    private TypeResolver resolverOver(Set<Class<?>> candidates) {
        return env -> {
            for (Class<?> type = env.getObject().getClass(); type != null; type = type.getSuperclass()) {
                if (candidates.contains(type) && !Modifier.isAbstract(type.getModifiers())) {
                    return env.getSchema().getObjectType(objectName(type));
                }
            }
            return null;
        };
    }

    private static GraphQLFieldDefinition fieldDefinition(FieldSpec field) {
        return GraphQLFieldDefinition.newFieldDefinition()
                .name(field.name())
                .type(field.type())
                .description(field.description())
                .build();
    }

    private static GraphQLEnumType enumType(Class<?> type) {
        GraphQLEnumType.Builder builder = GraphQLEnumType.newEnum().name(type.getSimpleName());
        for (Object constant : type.getEnumConstants()) {
            builder.value(((Enum<?>) constant).name(), constant);
        }
        return builder.build();
    }

    private static GraphQLInputObjectType inputType(Class<?> type, List<InputFieldSpec> fields) {
        GraphQLInputObjectType.Builder builder = GraphQLInputObjectType.newInputObject().name(TypeCatalog.inputName(type));
        fields.forEach(field -> builder.field(GraphQLInputObjectField.newInputObjectField()
                .name(field.name())
                .type(field.type())
                .build()));
        return builder.build();
    }

    private static String describe(Class<?> model) {
        org.gatehouse.graphql.api.GraphqlDocumentation doc =
                model.getAnnotation(org.gatehouse.graphql.api.GraphqlDocumentation.class);
        return doc == null ? null : doc.value();
    }
}
