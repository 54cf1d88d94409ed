package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.Type;
import java.util.function.Function;

/**
 * One parameter of a service method: either a GraphQL argument (converted to the parameter type) or the
 * {@link DataFetchingEnvironment} itself, which is injected and not part of the schema.
 *
 * @param element the type mapper's converter for the element values, or null for the whiteboard's own
 */
record ArgumentSpec(String name, Type type, boolean environment, Function<Object, Object> element) {

    Object valueFrom(DataFetchingEnvironment env) {
        if (environment) {
            return env;
        }
        return ArgumentConverter.convert(env.getArgument(name), type, element);
    }
}
