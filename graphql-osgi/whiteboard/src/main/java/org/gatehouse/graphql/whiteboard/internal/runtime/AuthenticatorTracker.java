package org.gatehouse.graphql.whiteboard.internal.runtime;

import org.gatehouse.graphql.api.GraphqlAuthenticator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The authenticator a gateway requires ({@code osgi.graphql.authenticator}, an LDAP filter), tracked so
 * that it can come and go. When the gateway names one, {@link #current()} is the best-ranked matching
 * service or null while none is registered; the gateway then refuses requests rather than serving them
 * unauthenticated.
 */
public final class AuthenticatorTracker implements AutoCloseable {
    private final ServiceTracker<GraphqlAuthenticator, GraphqlAuthenticator> tracker;

    /** {@code filter} null: the gateway has no authentication. */
    public AuthenticatorTracker(BundleContext context, String filter) {
        if (filter == null) {
            tracker = null;
            return;
        }
        try {
            tracker = new ServiceTracker<>(context, FrameworkUtil.createFilter(
                    "(&(objectClass=" + GraphqlAuthenticator.class.getName() + ")" + filter + ")"), null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("invalid authenticator filter " + filter + ": " + e.getMessage(), e);
        }
        tracker.open();
    }

    public boolean required() {
        return tracker != null;
    }

    /** The authenticator to use now, or null while none matches. */
    public GraphqlAuthenticator current() {
        return tracker == null ? null : tracker.getService();
    }

    @Override
    public void close() {
        if (tracker != null) {
            tracker.close();
        }
    }
}
