package org.gatehouse.graphql.emf.internal;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import org.eclipse.emf.ecore.EPackage;
import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

/**
 * Tracks {@code org.eclipse.emf.ecore.EPackage} services and offers the {@link EmfTypeMapper} to every
 * GraphQL gateway. When a package comes or goes, the mapper's service property {@value #PACKAGES} (the
 * nsURIs) changes, and the gateways rebuild. It registers the mapper itself rather than through DS,
 * because a DS component cannot change its own service properties.
 */
@Component(immediate = true)
public class EmfGraphqlComponent implements ServiceTrackerCustomizer<EPackage, EPackage> {
    /** Service property of the mapper: the nsURIs of the EPackage services, in service id order. */
    static final String PACKAGES = "org.gatehouse.graphql.emf.packages";

    private final Map<Long, EPackage> packages = new ConcurrentSkipListMap<>();
    private BundleContext context;
    private ServiceTracker<EPackage, EPackage> tracker;
    private ServiceRegistration<GraphqlTypeMapper> registration;

    @Activate
    void activate(BundleContext bundleContext) {
        context = bundleContext;
        tracker = new ServiceTracker<>(bundleContext, EPackage.class, this);
        tracker.open();
        synchronized (this) {
            registration = bundleContext.registerService(GraphqlTypeMapper.class,
                    new EmfTypeMapper(() -> List.copyOf(packages.values())), properties());
        }
    }

    @Deactivate
    void deactivate() {
        tracker.close();
        synchronized (this) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // already gone with the bundle
            }
            registration = null;
        }
    }

    @Override
    public EPackage addingService(ServiceReference<EPackage> reference) {
        EPackage ePackage = context.getService(reference);
        if (ePackage != null) {
            packages.put(id(reference), ePackage);
            changed();
        }
        return ePackage;
    }

    @Override
    public void modifiedService(ServiceReference<EPackage> reference, EPackage ePackage) {
        // the package object is the same; nothing the schema depends on changed
    }

    @Override
    public void removedService(ServiceReference<EPackage> reference, EPackage ePackage) {
        packages.remove(id(reference));
        context.ungetService(reference);
        changed();
    }

    private synchronized void changed() {
        if (registration != null) {
            try {
                registration.setProperties(properties());
            } catch (IllegalStateException e) {
                // unregistered meanwhile
            }
        }
    }

    private Dictionary<String, Object> properties() {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(PACKAGES, packages.values().stream().map(EPackage::getNsURI).toArray(String[]::new));
        return properties;
    }

    private static long id(ServiceReference<?> reference) {
        return (Long) reference.getProperty(Constants.SERVICE_ID);
    }
}
