package org.gatehouse.graphql.whiteboard.internal.schema;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.gatehouse.graphql.api.GraphqlIgnore;

/**
 * One root field: the interfaces of one service exposed under one name on Query or Mutation.
 *
 * <p>Ordering follows OSGi service ordering: higher ranking first, then lower service id. The first binding
 * of a name wins; the others are reported as shadowed.
 *
 * @param fieldName root field and type name
 * @param interfaces the Java interfaces whose methods become fields (merged when several share a name)
 * @param mutation true for the Mutation root
 * @param serviceId the OSGi service id (any unique number outside OSGi)
 * @param ranking the service ranking
 * @param leftOut names of methods not to expose (they would make the schema invalid)
 */
public record ServiceBinding(String fieldName, List<Class<?>> interfaces, boolean mutation, long serviceId, int ranking,
        Set<String> leftOut) implements Comparable<ServiceBinding> {

    public ServiceBinding {
        interfaces = List.copyOf(interfaces);
        leftOut = Set.copyOf(leftOut);
    }

    public ServiceBinding(String fieldName, List<Class<?>> interfaces, boolean mutation, long serviceId, int ranking) {
        this(fieldName, interfaces, mutation, serviceId, ranking, Set.of());
    }

    /** The same binding without the named methods. */
    public ServiceBinding leaving(Set<String> methods) {
        return new ServiceBinding(fieldName, interfaces, mutation, serviceId, ranking, methods);
    }

    /** The names of the methods that may become fields, sorted. */
    public Set<String> methodNames() {
        Set<String> names = new TreeSet<>();
        for (Class<?> type : interfaces) {
            for (Method method : type.getMethods()) {
                if (!Modifier.isStatic(method.getModifiers()) && !method.isAnnotationPresent(GraphqlIgnore.class)) {
                    names.add(method.getName());
                }
            }
        }
        return names;
    }

    @Override
    public int compareTo(ServiceBinding other) {
        return serviceOrder(ranking, serviceId, other.ranking, other.serviceId);
    }

    /** OSGi service order: higher ranking first, then lower service id. */
    static int serviceOrder(int ranking, long serviceId, int otherRanking, long otherServiceId) {
        if (ranking != otherRanking) {
            return ranking > otherRanking ? -1 : 1;
        }
        return Long.compare(serviceId, otherServiceId);
    }
}
