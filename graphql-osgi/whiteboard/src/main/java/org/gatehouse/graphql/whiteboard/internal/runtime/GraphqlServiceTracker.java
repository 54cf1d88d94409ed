package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlConstants;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Tracks services marked as GraphQL query or mutation services and hands an immutable
 * {@link ServiceInfo} for each to the {@link SchemaManager}. It never gets the service object. A service
 * with {@code osgi.graphql.target} is only used when that filter matches this gateway's properties.
 */
public final class GraphqlServiceTracker extends ServiceTracker<Object, ServiceInfo> {
    static final String FILTER = "(|(" + GraphqlConstants.QUERY_MARKER + "=true)(" + GraphqlConstants.MUTATION_MARKER + "=true))";

    private final SchemaManager manager;
    private final SharedInstances shared;
    private final Dictionary<String, Object> gatewayProperties;

    public GraphqlServiceTracker(BundleContext context, SchemaManager manager, SharedInstances shared, Map<String, ?> gatewayProperties) {
        super(context, filter(), null);
        this.manager = manager;
        this.shared = shared;
        this.gatewayProperties = new Hashtable<>(gatewayProperties);
    }

    private static Filter filter() {
        try {
            return FrameworkUtil.createFilter(FILTER);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public ServiceInfo addingService(ServiceReference<Object> reference) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            return null;
        }
        ServiceInfo info = ServiceInfo.from(reference);
        manager.put(info);
        return info;
    }

    @Override
    public void modifiedService(ServiceReference<Object> reference, ServiceInfo previous) {
        if (!TargetFilter.matches(reference, gatewayProperties)) {
            // dropping it from the tracker calls removedService
            remove(reference);
            return;
        }
        ServiceInfo info = ServiceInfo.from(reference);
        if (!info.isSame(previous)) {
            manager.put(info);
        }
    }

    @Override
    public void removedService(ServiceReference<Object> reference, ServiceInfo info) {
        manager.remove(info.serviceId());
        shared.release(info.serviceId());
    }
}
