package org.gatehouse.graphql.api;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Authenticates the HTTP requests of a gateway. Register an implementation as an OSGi service and name
 * it in the gateway configuration ({@link GraphqlConstants#AUTHENTICATOR}, an LDAP filter over the
 * service's properties). Every GraphQL request and schema download of that gateway then passes
 * {@link #authenticate}; CORS preflights and the GraphiQL page and its assets do not (they carry no data).
 *
 * <p>The returned principal is put into the GraphQL context of the request: a service method reads it
 * through a {@code DataFetchingEnvironment} parameter as {@code env.getGraphQlContext().get(Principal.class)}.
 * Implementations must be thread-safe.
 */
@ConsumerType
public interface GraphqlAuthenticator {
    /**
     * Checks the credentials of one request.
     *
     * @return the authenticated caller, never null
     * @throws GraphqlAuthenticationException to refuse the request with 401 or 403 and a message for the
     *     client (never a secret or a token)
     */
    Principal authenticate(HttpServletRequest request) throws GraphqlAuthenticationException;
}
