package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.gatehouse.graphql.api.mapping.MappedInput;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMapping;
import org.gatehouse.graphql.api.mapping.TypeMappingException;

/**
 * The type mappers of one schema build: each {@link TypeMapperBinding} started once, asked in service
 * order before the whiteboard's own rules. A {@link TypeMappingException} becomes a {@link MappingException},
 * so the element is left out and reported like any other unmappable type. Also the {@link MappingContext}
 * the mappings see: the same scalar table, value conversions and type-name register as the POJO rules.
 */
final class TypeMappers implements MappingContext {
    private record Started(TypeMapperBinding binding, TypeMapping mapping) {}

    private final TypeCatalog catalog;
    private final GraphQLCodeRegistry.Builder code;
    private final List<Started> started = new ArrayList<>();

    TypeMappers(List<TypeMapperBinding> bindings, TypeCatalog catalog, GraphQLCodeRegistry.Builder code) {
        this.catalog = catalog;
        this.code = code;
        List<TypeMapperBinding> sorted = new ArrayList<>(bindings);
        sorted.sort(null);
        for (TypeMapperBinding binding : sorted) {
            catalog.forService(binding.serviceId());
            started.add(new Started(binding, binding.mapper().startBuild(this)));
        }
    }

    /** The first mapping's output type for the element class, or null when no mapping takes it. */
    GraphQLOutputType output(Class<?> type, AnnotatedElement source) {
        return first(mapping -> mapping.output(type, source));
    }

    /** The first mapping's input for the element class of a parameter, or null when no mapping takes it. */
    MappedInput input(Class<?> type, AnnotatedElement source) {
        return first(mapping -> mapping.input(type, source));
    }

    private <T> T first(Function<TypeMapping, T> question) {
        for (Started each : started) {
            try {
                T answer = question.apply(each.mapping());
                if (answer != null) {
                    return answer;
                }
            } catch (TypeMappingException e) {
                throw new MappingException(e.getMessage());
            }
        }
        return null;
    }

    /** Every mapping's types, asked once all services are mapped; failures are charged to the mapper service. */
    List<GraphQLNamedType> types() {
        List<GraphQLNamedType> types = new ArrayList<>();
        for (Started each : started) {
            catalog.forService(each.binding().serviceId());
            types.addAll(each.mapping().types());
        }
        return types;
    }

    @Override
    public GraphQLScalarType scalar(Class<?> javaType) {
        return ScalarTable.scalarFor(javaType);
    }

    @Override
    public Object toGraphql(Object javaValue) {
        return OutputValues.adapt(javaValue, false);
    }

    @Override
    public Object toJava(Object graphqlValue, Class<?> javaType) {
        return ArgumentConverter.convert(graphqlValue, javaType, null);
    }

    @Override
    public boolean claim(String typeName, Object owner) {
        return catalog.tryClaim(typeName, owner);
    }

    @Override
    public GraphQLCodeRegistry.Builder codeRegistry() {
        return code;
    }

    @Override
    public void leftOut(String element, String reason) {
        catalog.fail(element, reason);
    }
}
