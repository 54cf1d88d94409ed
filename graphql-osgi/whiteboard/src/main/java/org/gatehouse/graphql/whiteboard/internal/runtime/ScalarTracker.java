package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.gatehouse.graphql.api.mapping.GraphqlScalar;
import org.gatehouse.graphql.whiteboard.internal.schema.TypeMapperBinding;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Tracks {@link GraphqlScalar} services for one gateway (honouring {@code osgi.graphql.target}) and
 * hands each to the {@link SchemaManager} as a type mapper, so adding or removing a scalar rebuilds the
 * schema like any other service change.
 */
final class ScalarTracker extends ServiceTracker<GraphqlScalar, TypeMapperBinding> {
    private final SchemaManager manager;
    private final Dictionary<String, Object> gatewayProperties;

    ScalarTracker(BundleContext context, SchemaManager manager, Map<String, ?> gatewayProperties) {
        super(context, GraphqlScalar.class, null);
        this.manager = manager;
        this.gatewayProperties = new Hashtable<>(gatewayProperties);
    }

    @Override
    public TypeMapperBinding addingService(ServiceReference<GraphqlScalar> reference) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            return null;
        }
        GraphqlScalar scalar = context.getService(reference);
        if (scalar == null) {
            return null;
        }
        TypeMapperBinding binding = new TypeMapperBinding(new ScalarMapper(scalar),
                (Long) reference.getProperty(Constants.SERVICE_ID), ServiceInfo.ranking(reference));
        manager.putMapper(binding);
        return binding;
    }

    @Override
    public void modifiedService(ServiceReference<GraphqlScalar> reference, TypeMapperBinding binding) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            remove(reference);
            return;
        }
        manager.putMapper(new TypeMapperBinding(binding.mapper(), binding.serviceId(), ServiceInfo.ranking(reference)));
    }

    @Override
    public void removedService(ServiceReference<GraphqlScalar> reference, TypeMapperBinding binding) {
        manager.removeMapper(binding.serviceId());
        context.ungetService(reference);
    }
}
