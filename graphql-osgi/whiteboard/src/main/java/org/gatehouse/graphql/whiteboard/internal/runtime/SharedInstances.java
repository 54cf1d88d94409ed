package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;

/**
 * The objects of singleton- and bundle-scoped GraphQL services, taken at first use and held while the
 * service stays registered, as a whiteboard holds what it serves. Taking and releasing them per request
 * would cost framework bookkeeping on every request and, for a Declarative Services component, an
 * activation and deactivation each time its use count drops to zero. Released when the tracker sees the
 * service go, and all at once when the gateway stops.
 */
public final class SharedInstances implements AutoCloseable {
    private final BundleContext context;
    private final Map<Long, Taken> taken = new ConcurrentHashMap<>();

    private record Taken(ServiceObjects<Object> objects, Object service) {}

    public SharedInstances(BundleContext context) {
        this.context = context;
    }

    /** The service object, or null when the service is gone. */
    Object get(long serviceId, ServiceReference<Object> reference) {
        Taken entry = taken.computeIfAbsent(serviceId, id -> {
            ServiceObjects<Object> objects = context.getServiceObjects(reference);
            Object service = objects == null ? null : objects.getService();
            return service == null ? null : new Taken(objects, service);
        });
        return entry == null ? null : entry.service();
    }

    /** Releases the object of a service that left the gateway. */
    void release(long serviceId) {
        Taken entry = taken.remove(serviceId);
        if (entry != null) {
            unget(entry);
        }
    }

    @Override
    public void close() {
        taken.keySet().forEach(this::release);
    }

    private static void unget(Taken entry) {
        try {
            entry.objects().ungetService(entry.service());
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the service or our bundle went away meanwhile; nothing left to release
        }
    }
}
