package org.gatehouse.graphql.whiteboard.internal.schema;

import java.util.List;

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
 */
public record ServiceBinding(String fieldName, List<Class<?>> interfaces, boolean mutation, long serviceId, int ranking)
        implements Comparable<ServiceBinding> {

    public ServiceBinding {
        interfaces = List.copyOf(interfaces);
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
