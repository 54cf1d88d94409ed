package org.gatehouse.graphql.testbundle;

import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Component;

/** Its {@code opaque()} is left out of the schema; {@code fine()} still answers. */
@Component
@GraphqlQueryService
public class PartlyMappableImpl implements PartlyMappable {
    @Override
    public String fine() {
        return "fine";
    }

    @Override
    public Opaque opaque() {
        return new Opaque();
    }
}
