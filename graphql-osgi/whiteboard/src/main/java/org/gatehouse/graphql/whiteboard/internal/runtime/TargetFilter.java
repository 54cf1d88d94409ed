package org.gatehouse.graphql.whiteboard.internal.runtime;

import java.lang.System.Logger.Level;
import java.util.Dictionary;
import org.gatehouse.graphql.api.GraphqlConstants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * The {@code osgi.graphql.target} rule, shared by GraphQL services and extensions: a service without the
 * property is used by every gateway; with it, only by the gateways whose properties match the LDAP filter.
 * An invalid filter matches nothing and is logged.
 */
final class TargetFilter {
    private static final System.Logger LOG = System.getLogger(TargetFilter.class.getName());

    private TargetFilter() {}

    static boolean matches(ServiceReference<?> reference, Dictionary<String, Object> gatewayProperties) {
        Object target = reference.getProperty(GraphqlConstants.TARGET);
        if (target == null) {
            return true;
        }
        try {
            return FrameworkUtil.createFilter(target.toString()).match(gatewayProperties);
        } catch (InvalidSyntaxException e) {
            LOG.log(Level.WARNING, "service {0} has an invalid {1}: {2}",
                    reference.getProperty("service.id"), GraphqlConstants.TARGET, e.getMessage());
            return false;
        }
    }
}
