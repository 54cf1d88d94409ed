package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.Scalars;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLTypeReference;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;

/**
 * First pass of a schema build: maps Java types to GraphQL type references and collects the model
 * classes, enums, input classes and unions they need. Every type is rebuilt from scratch on each build, so
 * nothing of a removed service lingers (the reference cached types forever).
 */
final class TypeCatalog {
    private final Map<String, Object> names = new HashMap<>();
    private final Map<Class<?>, List<FieldSpec>> outputs = new LinkedHashMap<>();
    private final Map<Class<?>, List<InputFieldSpec>> inputs = new LinkedHashMap<>();
    private final Set<Class<?>> enums = new LinkedHashSet<>();
    private final Map<String, List<Class<?>>> unions = new LinkedHashMap<>();
    private final List<BuildFailure> failures;
    private long serviceId;

    TypeCatalog(List<BuildFailure> failures) {
        this.failures = failures;
    }

    /** Failures found while mapping are charged to this service. */
    void forService(long id) {
        this.serviceId = id;
    }

    Map<Class<?>, List<FieldSpec>> outputs() {
        return outputs;
    }

    Map<Class<?>, List<InputFieldSpec>> inputs() {
        return inputs;
    }

    Set<Class<?>> enums() {
        return enums;
    }

    Map<String, List<Class<?>>> unions() {
        return unions;
    }

    /** The output type of a method return or attribute; {@code union} replaces the element class. */
    GraphQLOutputType output(Type type, Class<?>[] union) {
        Class<?> raw = JavaTypes.raw(type);
        if (raw == void.class || raw == Void.class) {
            return Scalars.GraphQLBoolean;
        }
        if (JavaTypes.isWrapper(type)) {
            return nullable(output(JavaTypes.firstArgument(type), union));
        }
        if (JavaTypes.isList(type)) {
            return GraphQLNonNull.nonNull(GraphQLList.list(nullable(output(JavaTypes.firstArgument(type), union))));
        }
        if (union != null && union.length > 0) {
            return union(raw, union);
        }
        if (JavaTypes.isMap(type)) {
            return ScalarTable.json();
        }
        GraphQLScalarType scalar = ScalarTable.scalarFor(raw);
        if (scalar != null) {
            return raw.isPrimitive() ? GraphQLNonNull.nonNull(scalar) : scalar;
        }
        if (raw.isEnum()) {
            return enumRef(raw);
        }
        registerOutput(checkModel(raw));
        return GraphQLTypeReference.typeRef(raw.getSimpleName());
    }

    /** The input type of a method parameter or input attribute. */
    GraphQLInputType input(Type type, boolean required) {
        Class<?> raw = JavaTypes.raw(type);
        GraphQLInputType mapped;
        if (raw == java.util.Optional.class) {
            mapped = nullable(input(JavaTypes.firstArgument(type), false));
        } else if (JavaTypes.isList(type)) {
            mapped = GraphQLList.list(input(JavaTypes.firstArgument(type), false));
        } else if (JavaTypes.isMap(type)) {
            mapped = ScalarTable.json();
        } else if (ScalarTable.scalarFor(raw) != null) {
            mapped = ScalarTable.scalarFor(raw);
            required |= raw.isPrimitive();
        } else if (raw.isEnum()) {
            mapped = enumRef(raw);
        } else {
            registerInput(checkModel(raw));
            mapped = GraphQLTypeReference.typeRef(inputName(raw));
        }
        return required ? GraphQLNonNull.nonNull(mapped) : mapped;
    }

    static String inputName(Class<?> type) {
        return type.getSimpleName() + "Input";
    }

    private void registerOutput(Class<?> type) {
        if (outputs.containsKey(type)) {
            return;
        }
        claim(type.getSimpleName(), type);
        List<FieldSpec> fields = new ArrayList<>();
        outputs.put(type, fields);
        Class<?> parent = type.getSuperclass();
        if (parent != null && parent != Object.class && parent != Record.class) {
            registerOutput(checkModel(parent));
        }
        for (BeanProperty property : BeanProperties.of(type)) {
            try {
                fields.add(new FieldSpec(property.name(), attributeType(property), property.getter(), describe(property)));
            } catch (MappingException e) {
                fail(type.getSimpleName() + "." + property.name(), e.getMessage());
            }
        }
    }

    private GraphQLOutputType attributeType(BeanProperty property) {
        Class<?> raw = JavaTypes.raw(property.type());
        if ("id".equals(property.name()) && ScalarTable.canBeId(raw)) {
            return raw.isPrimitive() ? GraphQLNonNull.nonNull(Scalars.GraphQLID) : Scalars.GraphQLID;
        }
        return output(property.type(), null);
    }

    private void registerInput(Class<?> type) {
        if (inputs.containsKey(type)) {
            return;
        }
        claim(inputName(type), type);
        List<InputFieldSpec> fields = new ArrayList<>();
        inputs.put(type, fields);
        for (BeanProperty property : BeanProperties.of(type)) {
            try {
                fields.add(new InputFieldSpec(property.name(), input(property.type(), false)));
            } catch (MappingException e) {
                fail(inputName(type) + "." + property.name(), e.getMessage());
            }
        }
    }

    private GraphQLOutputType union(Class<?> base, Class<?>[] members) {
        String name = base.getSimpleName() + "Union";
        List<Class<?>> memberList = List.copyOf(Arrays.asList(members));
        List<Class<?>> known = unions.get(name);
        if (known != null && !known.equals(memberList)) {
            throw new MappingException("union " + name + " is declared twice with different members");
        }
        for (Class<?> member : memberList) {
            if (Modifier.isAbstract(member.getModifiers())) {
                throw new MappingException("union member " + member.getSimpleName() + " is abstract");
            }
            registerOutput(checkModel(member));
        }
        if (known == null) {
            claim(name, memberList);
            unions.put(name, memberList);
        }
        return GraphQLTypeReference.typeRef(name);
    }

    private GraphQLTypeReference enumRef(Class<?> type) {
        if (enums.add(type)) {
            claim(type.getSimpleName(), type);
        }
        return GraphQLTypeReference.typeRef(type.getSimpleName());
    }

    private static Class<?> checkModel(Class<?> type) {
        if (type.isInterface() || type.isArray() || type.isPrimitive() || type.getName().startsWith("java.")) {
            throw new MappingException("no GraphQL mapping for " + type.getName());
        }
        if (type.isAnonymousClass() || type.isLocalClass()) {
            throw new MappingException("anonymous or local class " + type.getName() + " has no usable name");
        }
        return type;
    }

    private void claim(String name, Object owner) {
        Object previous = names.putIfAbsent(name, owner);
        if (previous != null && !previous.equals(owner)) {
            throw new MappingException("GraphQL type name " + name + " is wanted by both " + previous + " and " + owner);
        }
    }

    void fail(String element, String message) {
        failures.add(new BuildFailure(serviceId, element, FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE, message));
    }

    private static String describe(BeanProperty property) {
        GraphqlDocumentation doc = property.getter().getAnnotation(GraphqlDocumentation.class);
        return doc == null ? null : doc.value();
    }

    @SuppressWarnings("unchecked")
    private static <T extends graphql.schema.GraphQLType> T nullable(T type) {
        return type instanceof GraphQLNonNull nonNull ? (T) nonNull.getWrappedType() : type;
    }
}
