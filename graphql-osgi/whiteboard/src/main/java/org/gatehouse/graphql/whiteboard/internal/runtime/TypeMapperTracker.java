package org.gatehouse.graphql.whiteboard.internal.runtime;

import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.gatehouse.graphql.whiteboard.internal.schema.TypeMapperBinding;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Tracks {@link GraphqlTypeMapper} services (the EMF bundle registers one) for the {@link SchemaManager}.
 * Any modification of a mapper's properties rebuilds the schema: that is how a mapper says its answers
 * changed. Without a mapper the gateway uses its own rules only.
 */
final class TypeMapperTracker extends ServiceTracker<GraphqlTypeMapper, TypeMapperBinding> {
    private final SchemaManager manager;

    TypeMapperTracker(BundleContext context, SchemaManager manager) {
        super(context, GraphqlTypeMapper.class, null);
        this.manager = manager;
    }

    @Override
    public TypeMapperBinding addingService(ServiceReference<GraphqlTypeMapper> reference) {
        GraphqlTypeMapper mapper = context.getService(reference);
        if (mapper == null) {
            return null;
        }
        TypeMapperBinding binding = binding(reference, mapper);
        manager.putMapper(binding);
        return binding;
    }

    @Override
    public void modifiedService(ServiceReference<GraphqlTypeMapper> reference, TypeMapperBinding previous) {
        manager.putMapper(binding(reference, previous.mapper()));
    }

    @Override
    public void removedService(ServiceReference<GraphqlTypeMapper> reference, TypeMapperBinding binding) {
        manager.removeMapper(binding.serviceId());
        context.ungetService(reference);
    }

    private static TypeMapperBinding binding(ServiceReference<?> reference, GraphqlTypeMapper mapper) {
        return new TypeMapperBinding(mapper, (Long) reference.getProperty(Constants.SERVICE_ID), ServiceInfo.ranking(reference));
    }
}
