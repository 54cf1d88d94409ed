package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

/**
 * The service objects of one HTTP request. A prototype-scoped service gives one fresh instance per request
 * (not one per field as in the reference), taken lazily and released in {@link #close()} when the request
 * ends; other services come from the gateway's {@link SharedInstances}.
 */
public final class OsgiServiceInstances implements ServiceInstances, AutoCloseable {
    private final BundleContext context;
    private final Map<Long, ServiceReference<?>> references;
    private final SharedInstances shared;
    private final Map<Long, Taken> taken = new LinkedHashMap<>();

    private record Taken(ServiceObjects<Object> objects, Object service) {}

    public OsgiServiceInstances(BundleContext context, Map<Long, ServiceReference<?>> references, SharedInstances shared) {
        this.context = context;
        this.references = references;
        this.shared = shared;
    }

    @Override
    public synchronized Object instanceFor(ServiceBinding binding) {
        Taken existing = taken.get(binding.serviceId());
        if (existing != null) {
            return existing.service();
        }
        @SuppressWarnings("unchecked")
        ServiceReference<Object> reference = (ServiceReference<Object>) references.get(binding.serviceId());
        if (reference != null && !Constants.SCOPE_PROTOTYPE.equals(reference.getProperty(Constants.SERVICE_SCOPE))) {
            Object service = shared.get(binding.serviceId(), reference);
            if (service == null) {
                throw new IllegalStateException("the service behind " + binding.fieldName() + " is no longer available");
            }
            return service;
        }
        ServiceObjects<Object> objects = reference == null ? null : context.getServiceObjects(reference);
        Object service = objects == null ? null : objects.getService();
        if (service == null) {
            throw new IllegalStateException("the service behind " + binding.fieldName() + " is no longer available");
        }
        taken.put(binding.serviceId(), new Taken(objects, service));
        return service;
    }

    @Override
    public synchronized void close() {
        for (Taken t : taken.values()) {
            try {
                t.objects().ungetService(t.service());
            } catch (IllegalStateException | IllegalArgumentException e) {
                // the service or our bundle went away meanwhile; nothing left to release
            }
        }
        taken.clear();
    }
}
