package org.gatehouse.graphql.api.mapping;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A service that maps Java types the whiteboard has no rule for. Every gateway tracks these services and,
 * on each schema build, starts one {@link TypeMapping} per mapper (higher {@code service.ranking} first,
 * then lower {@code service.id}) and asks them, in that order, before its own rules.
 *
 * <p>A mapper whose answers change (a model was registered or removed) tells the gateways by changing its
 * service properties ({@code ServiceRegistration.setProperties}); that schedules a rebuild like any other
 * service change.
 */
@ConsumerType
public interface GraphqlTypeMapper {
    /** Begins one schema build; the returned mapping is used by that build only, on one thread. */
    TypeMapping startBuild(MappingContext context);
}
