package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.Scalars;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLList;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLNonNull;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLTypeReference;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.api.GraphqlLongAsString;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.api.mapping.MappedInput;

/**
 * First pass of a schema build: maps Java types to GraphQL type references and collects the model
 * classes, enums, input classes and unions they need. Every type is rebuilt from scratch on each build, so
 * nothing of a removed service lingers (the reference cached types forever). Type mappers
 * ({@link TypeMappers}) are asked about each element class before the rules here.
 */
final class TypeCatalog {
    private final Map<String, Object> names = new HashMap<>();
    private final Map<Class<?>, List<FieldSpec>> outputs = new LinkedHashMap<>();
    private final Map<Class<?>, List<InputFieldSpec>> inputs = new LinkedHashMap<>();
    private final Set<Class<?>> enums = new LinkedHashSet<>();
    private final Map<String, List<Class<?>>> unions = new LinkedHashMap<>();
    private final List<BuildFailure> failures;
    private final TypeMappers mappers;
    private long serviceId;

    TypeCatalog(List<BuildFailure> failures, List<TypeMapperBinding> mappers, GraphQLCodeRegistry.Builder code) {
        this.failures = failures;
        this.mappers = new TypeMappers(mappers, this, code);
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

    /** The types the type mappers contribute; asked once, after every service is mapped. */
    List<GraphQLNamedType> mappedTypes() {
        return mappers.types();
    }

    /**
     * The output type of a method return or attribute; {@code union} replaces the element class.
     * {@code source} is the method or getter, whose annotations a type mapper may read.
     */
    GraphQLOutputType output(Type type, Class<?>[] union, AnnotatedElement source) {
        Class<?> raw = JavaTypes.raw(type);
        if (raw == void.class || raw == Void.class) {
            return Scalars.GraphQLBoolean;
        }
        if (JavaTypes.isWrapper(type)) {
            return nullable(output(JavaTypes.firstArgument(type), union, source));
        }
        if (JavaTypes.isList(type)) {
            return GraphQLNonNull.nonNull(GraphQLList.list(nullable(output(JavaTypes.firstArgument(type), union, source))));
        }
        GraphQLOutputType mapped = mappers.output(raw, source);
        if (mapped != null) {
            return mapped;
        }
        if (union != null && union.length > 0) {
            return union(raw, union);
        }
        if (JavaTypes.isMap(type)) {
            return ScalarTable.json();
        }
        GraphQLScalarType scalar = ScalarTable.scalarFor(raw);
        if (scalar != null && (raw == long.class || raw == Long.class) && source != null
                && source.isAnnotationPresent(GraphqlLongAsString.class)) {
            // graphql-java's String scalar writes any value as its text
            scalar = Scalars.GraphQLString;
        }
        if (scalar != null) {
            return raw.isPrimitive() ? GraphQLNonNull.nonNull(scalar) : scalar;
        }
        if (raw.isEnum()) {
            return enumRef(raw);
        }
        registerOutput(checkModel(raw));
        return GraphQLTypeReference.typeRef(raw.getSimpleName());
    }

    /**
     * The input type of a method parameter whose element class (inside lists and Optional) a type mapper
     * takes, with the mapper's converter for each element; null when no type mapper takes it.
     */
    MappedInput mappedParameter(Parameter parameter, boolean required) {
        Type type = parameter.getParameterizedType();
        MappedInput mapped = mappers.input(elementClass(type), parameter);
        return mapped == null ? null : new MappedInput(input(type, required, mapped.type()), mapped.converter());
    }

    private static Class<?> elementClass(Type type) {
        Class<?> raw = JavaTypes.raw(type);
        return raw == Optional.class || JavaTypes.isList(type) ? elementClass(JavaTypes.firstArgument(type)) : raw;
    }

    /** The input type of an input attribute. */
    GraphQLInputType input(Type type, boolean required) {
        return input(type, required, null);
    }

    /** {@code element}, when given, is the input type of the element class (a type mapper's answer). */
    private GraphQLInputType input(Type type, boolean required, GraphQLInputType element) {
        Class<?> raw = JavaTypes.raw(type);
        GraphQLInputType mapped;
        if (raw == Optional.class) {
            mapped = nullable(input(JavaTypes.firstArgument(type), false, element));
        } else if (JavaTypes.isList(type)) {
            mapped = GraphQLList.list(input(JavaTypes.firstArgument(type), false, element));
        } else if (element != null) {
            mapped = element;
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
            try {
                registerOutput(checkModel(parent));
            } catch (MappingException e) {
                // the class stands on its own attributes; it just does not implement the parent's interface
                fail(parent.getSimpleName(), e.getMessage());
            }
        }
        for (BeanProperty property : BeanProperties.of(type)) {
            try {
                fields.add(new FieldSpec(property.name(), attributeType(property), property.getter(), describe(property)));
            } catch (MappingException e) {
                fail(type.getSimpleName() + "." + property.name(), e.getMessage());
            }
        }
        if (fields.isEmpty()) {
            // a GraphQL object type needs a field: without one the class cannot be a type, so the method
            // or attribute using it is left out instead of the schema failing as a whole
            outputs.remove(type);
            names.remove(type.getSimpleName(), type);
            throw new MappingException(type.getName() + " has no attribute GraphQL can read (a public getter or a record component)");
        }
    }

    private GraphQLOutputType attributeType(BeanProperty property) {
        Class<?> raw = JavaTypes.raw(property.type());
        if ("id".equals(property.name()) && ScalarTable.canBeId(raw)) {
            return raw.isPrimitive() ? GraphQLNonNull.nonNull(Scalars.GraphQLID) : Scalars.GraphQLID;
        }
        return output(property.type(), null, property.getter());
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
        if (!tryClaim(name, owner)) {
            throw new MappingException("GraphQL type name " + name + " is wanted by both " + names.get(name) + " and " + owner);
        }
    }

    /** Reserves a type name for an owner; false when another owner holds it. */
    boolean tryClaim(String name, Object owner) {
        Object previous = names.putIfAbsent(name, owner);
        return previous == null || previous.equals(owner);
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
