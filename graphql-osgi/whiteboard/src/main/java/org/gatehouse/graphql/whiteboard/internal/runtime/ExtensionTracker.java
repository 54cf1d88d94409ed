package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Tracks the extension services of one kind that a gateway uses (graphql-java {@code Instrumentation}s,
 * additional scalars) and reports the current set, in OSGi service order (higher ranking first, then
 * older), after every change. Like GraphQL services, an extension with {@code osgi.graphql.target} is
 * only used by the gateways whose properties match that filter.
 */
final class ExtensionTracker<T> extends ServiceTracker<T, T> {
    private final Dictionary<String, Object> gatewayProperties;
    private final Consumer<List<Map.Entry<ServiceReference<T>, T>>> onChange;
    private final Map<ServiceReference<T>, T> current = new HashMap<>();

    ExtensionTracker(BundleContext context, Class<T> type, Map<String, ?> gatewayProperties,
            Consumer<List<Map.Entry<ServiceReference<T>, T>>> onChange) {
        super(context, type, null);
        this.gatewayProperties = new Hashtable<>(gatewayProperties);
        this.onChange = onChange;
    }

    @Override
    public T addingService(ServiceReference<T> reference) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            return null;
        }
        T service = context.getService(reference);
        if (service != null) {
            changed(() -> current.put(reference, service));
        }
        return service;
    }

    @Override
    public void modifiedService(ServiceReference<T> reference, T service) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            remove(reference);
            return;
        }
        // the ranking may have changed: report the set again in its new order
        changed(() -> current.put(reference, service));
    }

    @Override
    public void removedService(ServiceReference<T> reference, T service) {
        changed(() -> current.remove(reference));
        context.ungetService(reference);
    }

    /** Applies a change and reports the new set; under one lock, so reports never arrive out of order. */
    private void changed(Runnable update) {
        synchronized (current) {
            update.run();
            List<Map.Entry<ServiceReference<T>, T>> snapshot = new ArrayList<>();
            current.forEach((reference, service) -> snapshot.add(Map.entry(reference, service)));
            // ServiceReference order puts lower ranking (then newer) first: reverse it
            snapshot.sort((a, b) -> b.getKey().compareTo(a.getKey()));
            onChange.accept(List.copyOf(snapshot));
        }
    }
}
