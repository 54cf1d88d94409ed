package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.Type;

/**
 * One parameter of a service method: either a GraphQL argument (converted to the parameter type) or the
 * {@link DataFetchingEnvironment} itself, which is injected and not part of the schema.
 */
record ArgumentSpec(String name, Type type, boolean environment) {

    Object valueFrom(DataFetchingEnvironment env) {
        if (environment) {
            return env;
        }
        return ArgumentConverter.convert(env.getArgument(name), type);
    }
}
