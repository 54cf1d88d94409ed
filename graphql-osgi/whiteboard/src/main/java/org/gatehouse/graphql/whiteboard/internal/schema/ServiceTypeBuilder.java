package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetchingEnvironment;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLObjectType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.api.GraphqlBatch;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.api.GraphqlIgnore;
import org.gatehouse.graphql.api.GraphqlUnionType;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.api.mapping.MappedInput;

/**
 * Turns the interfaces of one {@link ServiceBinding} into an object type whose fields are the interface
 * methods (raw Java names) with their arguments.
 *
 * <p>Overloaded methods share one field name: the overload with the most parameters is exposed and every
 * other one is reported ({@link FailedServiceDTO#FAILURE_OVERLOADED}), never dropped silently. A method
 * whose types have no mapping is left out and reported; the rest of the service still works.
 */
final class ServiceTypeBuilder {
    private static final Comparator<Method> OVERLOAD_ORDER = Comparator
            .comparingInt(Method::getParameterCount).reversed()
            .thenComparing(m -> Arrays.toString(m.getParameterTypes()));

    private final TypeCatalog catalog;
    private final GraphQLCodeRegistry.Builder code;
    private final List<BuildFailure> failures;

    ServiceTypeBuilder(TypeCatalog catalog, GraphQLCodeRegistry.Builder code, List<BuildFailure> failures) {
        this.catalog = catalog;
        this.code = code;
        this.failures = failures;
    }

    /** The service type, or null when no method could be mapped. */
    GraphQLObjectType build(ServiceBinding binding) {
        catalog.forService(binding.serviceId());
        GraphQLObjectType.Builder type = GraphQLObjectType.newObject().name(binding.fieldName());
        Map<String, Method> batches = batchMethods(binding);
        int fields = 0;
        for (Map.Entry<String, List<Method>> entry : methodsByName(binding).entrySet()) {
            List<Method> overloads = entry.getValue();
            overloads.sort(OVERLOAD_ORDER);
            Method chosen = overloads.get(0);
            overloads.stream().skip(1).forEach(m -> fail(binding, m, FailedServiceDTO.FAILURE_OVERLOADED,
                    "overload of " + entry.getKey() + " hidden by " + signature(chosen)
                            + "; give the methods distinct names"));
            try {
                type.field(field(binding, chosen, batches.get(chosen.getName())));
                fields++;
            } catch (MappingException e) {
                fail(binding, chosen, FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE, e.getMessage());
            }
        }
        return fields == 0 ? null : type.build();
    }

    private Map<String, List<Method>> methodsByName(ServiceBinding binding) {
        Map<String, List<Method>> byName = new LinkedHashMap<>();
        for (Class<?> iface : binding.interfaces()) {
            Method[] methods = iface.getMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method method : methods) {
                if (Modifier.isStatic(method.getModifiers()) || method.isAnnotationPresent(GraphqlIgnore.class)
                        || binding.leftOut().contains(method.getName())) {
                    continue;
                }
                List<Method> same = byName.computeIfAbsent(method.getName(), k -> new ArrayList<>());
                if (same.stream().noneMatch(m -> Arrays.equals(m.getParameterTypes(), method.getParameterTypes()))) {
                    same.add(method);
                }
            }
        }
        return byName;
    }

    /** The {@code @GraphqlBatch} methods of the binding by the name of the method they batch. */
    private Map<String, Method> batchMethods(ServiceBinding binding) {
        Map<String, Method> batches = new LinkedHashMap<>();
        for (Class<?> iface : binding.interfaces()) {
            for (Method method : iface.getMethods()) {
                GraphqlBatch batch = method.getAnnotation(GraphqlBatch.class);
                if (batch == null) {
                    continue;
                }
                if (method.getParameterCount() == 1 && List.class.isAssignableFrom(method.getParameterTypes()[0])
                        && List.class.isAssignableFrom(method.getReturnType())) {
                    batches.put(batch.value(), method);
                } else {
                    fail(binding, method, FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE,
                            "a @GraphqlBatch method takes one List of keys and returns a List; not used for batching");
                }
            }
        }
        return batches;
    }

    private GraphQLFieldDefinition field(ServiceBinding binding, Method method, Method batch) {
        String typeName = binding.fieldName();
        GraphqlUnionType union = method.getAnnotation(GraphqlUnionType.class);
        GraphQLFieldDefinition.Builder field = GraphQLFieldDefinition.newFieldDefinition()
                .name(method.getName())
                .type(catalog.output(method.getGenericReturnType(), union == null ? null : union.value(), method));
        GraphqlDocumentation doc = method.getAnnotation(GraphqlDocumentation.class);
        if (doc != null) {
            field.description(doc.value());
        }
        List<ArgumentSpec> arguments = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            if (parameter.getType() == DataFetchingEnvironment.class) {
                arguments.add(new ArgumentSpec(null, parameter.getType(), true, null));
                continue;
            }
            GraphqlArgument annotation = parameter.getAnnotation(GraphqlArgument.class);
            boolean required = annotation != null && annotation.required();
            MappedInput mapped = catalog.mappedParameter(parameter, required);
            GraphQLInputType type = mapped != null ? mapped.type() : catalog.input(parameter.getParameterizedType(), required);
            ArgumentSpec argument = new ArgumentSpec(argumentName(parameter), parameter.getParameterizedType(), false,
                    mapped == null ? null : mapped.converter());
            arguments.add(argument);
            field.argument(argument(parameter, argument, type));
        }
        MethodFetcher fetcher = new MethodFetcher(method, arguments);
        List<ArgumentSpec> keys = arguments.stream().filter(a -> !a.environment()).toList();
        if (batch != null && keys.size() == 1) {
            boolean list = OutputValues.isList(method.getGenericReturnType());
            code.dataFetcher(FieldCoordinates.coordinates(typeName, method.getName()),
                    new BatchedMethodFetcher(fetcher, batch, keys.get(0), list));
        } else {
            if (batch != null) {
                fail(binding, batch, FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE,
                        "batches " + method.getName() + ", which needs exactly one argument; not used for batching");
            }
            code.dataFetcher(FieldCoordinates.coordinates(typeName, method.getName()), fetcher);
        }
        return field.build();
    }

    private static GraphQLArgument argument(Parameter parameter, ArgumentSpec spec, GraphQLInputType type) {
        GraphQLArgument.Builder argument = GraphQLArgument.newArgument()
                .name(spec.name())
                .type(type);
        GraphqlDocumentation doc = parameter.getAnnotation(GraphqlDocumentation.class);
        if (doc != null) {
            argument.description(doc.value());
        }
        return argument.build();
    }

    private static String argumentName(Parameter parameter) {
        GraphqlArgument annotation = parameter.getAnnotation(GraphqlArgument.class);
        return annotation != null ? annotation.value() : parameter.getName();
    }

    private void fail(ServiceBinding binding, Method method, int reason, String message) {
        failures.add(new BuildFailure(binding.serviceId(), binding.fieldName() + "." + signature(method), reason, message));
    }

    static String signature(Method method) {
        StringBuilder text = new StringBuilder(method.getName()).append('(');
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            text.append(i == 0 ? "" : ", ").append(JavaTypes.describe(parameters[i].getParameterizedType()));
        }
        return text.append(')').toString();
    }
}
