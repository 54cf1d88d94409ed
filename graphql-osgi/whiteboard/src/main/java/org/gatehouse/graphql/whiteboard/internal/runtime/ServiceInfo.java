package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.gatehouse.graphql.api.GraphqlConstants;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.whiteboard.internal.schema.BuildFailure;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;

/**
 * Immutable view of one tracked GraphQL service, read once from its reference: which interfaces go to
 * Query and Mutation under which names, and what could not be used. The tracker never touches the
 * service object itself; the schema is rebuilt from the current Infos.
 */
public record ServiceInfo(ServiceReference<?> reference, long serviceId, int ranking, List<ServiceBinding> bindings,
        List<BuildFailure> failures, Map<String, Object> properties) {

    private static final Pattern LEGAL_NAME = Pattern.compile("[_A-Za-z][_0-9A-Za-z]*");

    public static ServiceInfo from(ServiceReference<?> reference) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        int ranking = ranking(reference);
        Map<String, Object> properties = new LinkedHashMap<>();
        for (String key : reference.getPropertyKeys()) {
            properties.put(key, normalise(reference.getProperty(key)));
        }
        List<ServiceBinding> bindings = new ArrayList<>();
        List<BuildFailure> failures = new ArrayList<>();
        boolean query = isTrue(properties.get(GraphqlConstants.QUERY_MARKER));
        boolean mutation = isTrue(properties.get(GraphqlConstants.MUTATION_MARKER));
        List<String> queryNames = names(properties.get(GraphqlConstants.QUERY_SERVICE));
        List<String> mutationNames = names(properties.get(GraphqlConstants.MUTATION_SERVICE));
        Map<String, List<Class<?>>> queryGroups = new LinkedHashMap<>();
        Map<String, List<Class<?>>> mutationGroups = new LinkedHashMap<>();
        for (String name : (String[]) reference.getProperty(Constants.OBJECTCLASS)) {
            boolean asQuery = query && (queryNames.isEmpty() || queryNames.contains(name));
            boolean asMutation = mutation && (mutationNames.isEmpty() || mutationNames.contains(name));
            if (!asQuery && !asMutation) {
                continue;
            }
            Class<?> type = load(reference, name, id, failures);
            if (type == null || !type.isInterface()) {
                continue;
            }
            if (asQuery && asMutation) {
                failures.add(new BuildFailure(id, name, FailedServiceDTO.FAILURE_QUERY_AND_MUTATION,
                        "interface is marked both query and mutation; name it in "
                                + GraphqlConstants.QUERY_SERVICE + " or " + GraphqlConstants.MUTATION_SERVICE));
                continue;
            }
            String explicit = (String) properties.get(asQuery ? GraphqlConstants.QUERY_NAME : GraphqlConstants.MUTATION_NAME);
            String field = explicit == null || explicit.isBlank() ? type.getSimpleName() : explicit;
            if (!LEGAL_NAME.matcher(field).matches() || field.startsWith("__")) {
                failures.add(new BuildFailure(id, name, FailedServiceDTO.FAILURE_INVALID_NAME, "'" + field
                        + "' is not a legal GraphQL name (letters, digits and _, not starting with a digit or __); set "
                        + (asQuery ? GraphqlConstants.QUERY_NAME : GraphqlConstants.MUTATION_NAME)));
                continue;
            }
            (asQuery ? queryGroups : mutationGroups).computeIfAbsent(field, k -> new ArrayList<>()).add(type);
        }
        queryGroups.forEach((field, types) -> bindings.add(new ServiceBinding(field, types, false, id, ranking)));
        mutationGroups.forEach((field, types) -> bindings.add(new ServiceBinding(field, types, true, id, ranking)));
        return new ServiceInfo(reference, id, ranking, List.copyOf(bindings), List.copyOf(failures), properties);
    }

    /** The service ranking; 0 when absent or not an Integer, as the OSGi framework treats it. */
    static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer ranking ? ranking : 0;
    }

    /** True when a modification changed nothing the schema depends on. */
    public boolean isSame(ServiceInfo other) {
        return other != null && serviceId == other.serviceId && ranking == other.ranking
                && Objects.equals(properties, other.properties);
    }

    private static Class<?> load(ServiceReference<?> reference, String name, long id, List<BuildFailure> failures) {
        try {
            return reference.getBundle().loadClass(name);
        } catch (ClassNotFoundException | IllegalStateException | NullPointerException e) {
            failures.add(new BuildFailure(id, name, FailedServiceDTO.FAILURE_CLASS_NOT_FOUND,
                    "cannot load the interface through the registering bundle: " + e));
            return null;
        }
    }

    private static boolean isTrue(Object value) {
        return value != null && Boolean.parseBoolean(value.toString());
    }

    private static List<String> names(Object value) {
        if (value instanceof String[] array) {
            return List.of(array);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return value == null || value.toString().isBlank() ? List.of() : List.of(value.toString());
    }

    /** Arrays as lists, so that property maps compare by value. */
    private static Object normalise(Object value) {
        return value instanceof Object[] array ? Arrays.asList(array) : value;
    }
}
