package org.gatehouse.graphql.testbundle;

import org.gatehouse.graphql.api.GraphqlQueryService;
import org.osgi.service.component.annotations.Component;

/** {@code error()} throws an Error of its own, {@code deep()} overflows the stack. */
@Component
@GraphqlQueryService
public class SiblingsImpl implements Siblings {
    @Override
    public String ok() {
        return "ok";
    }

    @Override
    public String error() {
        throw new AssertionError("invariant broken in the service");
    }

    @Override
    public String deep() {
        return String.valueOf(descend(0));
    }

    private static int descend(int depth) {
        return descend(depth + 1) + 1;
    }
}
