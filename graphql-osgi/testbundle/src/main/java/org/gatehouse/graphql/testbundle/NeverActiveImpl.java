package org.gatehouse.graphql.testbundle;

import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** Fails in activate: the gateway reports it and gives it no field. */
@Component
@GraphqlQueryService
public class NeverActiveImpl implements NeverActive {
    @Activate
    void activate() {
        throw new IllegalStateException("configuration missing");
    }

    @Override
    public String never() {
        return "never";
    }
}
