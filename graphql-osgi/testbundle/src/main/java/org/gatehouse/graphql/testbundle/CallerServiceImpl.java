package org.gatehouse.graphql.testbundle;

import graphql.schema.DataFetchingEnvironment;
import java.security.Principal;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Component;

/** Reads the principal that the authenticator put into the GraphQL context. */
@Component
@GraphqlQueryService
public class CallerServiceImpl implements CallerService {
    @Override
    public String whoami(DataFetchingEnvironment env) {
        Principal principal = env.getGraphQlContext().get(Principal.class);
        return principal == null ? "anonymous" : principal.getName();
    }
}
