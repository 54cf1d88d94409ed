package org.gatehouse.graphql.whiteboard.internal.schema;

import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;

/**
 * One {@link GraphqlTypeMapper} service taking part in schema builds, in OSGi service order (higher
 * ranking first, then lower service id), like {@link ServiceBinding}.
 */
public record TypeMapperBinding(GraphqlTypeMapper mapper, long serviceId, int ranking) implements Comparable<TypeMapperBinding> {
    @Override
    public int compareTo(TypeMapperBinding other) {
        return ServiceBinding.serviceOrder(ranking, serviceId, other.ranking, other.serviceId);
    }
}
