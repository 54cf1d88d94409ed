package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.execution.instrumentation.Instrumentation;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlConstants;
import org.gatehouse.graphql.api.GraphqlServiceRuntime;
import org.gatehouse.graphql.whiteboard.internal.servlet.GraphqlHttpHandler;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceObjects;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.servlet.whiteboard.annotations.RequireHttpWhiteboard;

/**
 * One GraphQL gateway per configuration ({@code GraphqlWhiteboard~<name>} in the Configurator): a servlet
 * on the OSGi Servlet Whiteboard whose service properties come from the configuration (pattern, target,
 * response headers, limits), plus a {@link GraphqlServiceRuntime} service carrying the same properties and
 * {@code service.changecount}.
 */
@Component(
        name = GraphqlConstants.WHITEBOARD_PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = Servlet.class,
        property = {
            "osgi.http.whiteboard.servlet.pattern=" + GraphqlConstants.DEFAULT_PATTERN,
            "osgi.http.whiteboard.servlet.name=GraphQL",
            // operations still running go on without the HTTP thread (see PendingAnswer)
            "osgi.http.whiteboard.servlet.asyncSupported=true"
        })
@RequireHttpWhiteboard
public class GraphqlWhiteboardComponent extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private transient SchemaManager manager;
    private transient GraphqlServiceTracker tracker;
    private transient SharedInstances shared;
    private transient TypeMapperTracker mapperTracker;
    private transient ScalarTracker scalars;
    private transient ExtensionTracker<Instrumentation> instrumentations;
    private transient AuthenticatorTracker authenticators;
    private transient GraphqlHttpHandler handler;
    private transient ResolverPool resolvers;
    private transient BundleContext context;
    private transient ServiceRegistration<GraphqlServiceRuntime> runtime;
    private transient Dictionary<String, Object> runtimeProperties;

    @Activate
    void activate(BundleContext context, Map<String, Object> properties) {
        GatewayConfig config = GatewayConfig.from(properties);
        // the runtime service carries the gateway's configuration, so clients can find it by pattern or name
        runtimeProperties = new Hashtable<>();
        properties.forEach((key, value) -> {
            if (!key.equals("component.id") && !key.equals("service.pid") && !key.equals("service.factoryPid")) {
                runtimeProperties.put(key, value);
            }
        });
        this.context = context;
        manager = new SchemaManager(config, this::changed, this::probe);
        authenticators = new AuthenticatorTracker(context, config.authenticator());
        shared = new SharedInstances(context);
        resolvers = new ResolverPool(config.resolverThreads(), config.operationTimeoutMs());
        handler = new GraphqlHttpHandler(context, manager, config, authenticators, shared, resolvers);
        runtime = context.registerService(GraphqlServiceRuntime.class, new RuntimeService(manager), withCount(manager.runtimeDTO().changeCount));
        mapperTracker = new TypeMapperTracker(context, manager);
        mapperTracker.open();
        scalars = new ScalarTracker(context, manager, properties);
        scalars.open();
        instrumentations = new ExtensionTracker<>(context, Instrumentation.class, properties,
                registered -> manager.instrumentations(registered.stream().map(Map.Entry::getValue).toList()));
        instrumentations.open();
        tracker = new GraphqlServiceTracker(context, manager, shared, properties);
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
        resolvers.close();
        shared.close();
        mapperTracker.close();
        scalars.close();
        instrumentations.close();
        authenticators.close();
        manager.close();
        try {
            runtime.unregister();
        } catch (IllegalStateException e) {
            // already gone with the bundle
        }
    }

    /**
     * Takes the object of a service about to join the schema: a shared one is kept (as its first request
     * would), a prototype one is released again. Null when it could be had, else the reason for the DTO.
     */
    private String probe(ServiceInfo info) {
        @SuppressWarnings("unchecked")
        ServiceReference<Object> reference = (ServiceReference<Object>) info.reference();
        Object service;
        try {
            if (Constants.SCOPE_PROTOTYPE.equals(reference.getProperty(Constants.SERVICE_SCOPE))) {
                ServiceObjects<Object> objects = context.getServiceObjects(reference);
                service = objects == null ? null : objects.getService();
                if (service != null) {
                    objects.ungetService(service);
                }
            } else {
                service = shared.get(info.serviceId(), reference);
            }
        } catch (RuntimeException e) {
            service = null;
        }
        return service != null ? null : "the service object could not be obtained (its constructor or activate method failed;"
                + " the registering bundle's or Service Component Runtime's log says why); left out until the service is"
                + " modified or registered again";
    }

    private synchronized void changed(long count) {
        if (runtime != null) {
            try {
                runtime.setProperties(withCount(count));
            } catch (IllegalStateException e) {
                // unregistered meanwhile
            }
        }
    }

    private synchronized Dictionary<String, Object> withCount(long count) {
        Hashtable<String, Object> copy = new Hashtable<>();
        for (var keys = runtimeProperties.keys(); keys.hasMoreElements();) {
            String key = keys.nextElement();
            copy.put(key, runtimeProperties.get(key));
        }
        copy.put(GraphqlConstants.CHANGE_COUNT, count);
        return copy;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        handler.handle(request, response);
    }
}
