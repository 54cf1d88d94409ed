package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/** Calls one service method: the source of the field is the {@link ServiceBinding} of the root field. */
final class MethodFetcher implements DataFetcher<Object> {
    private final Method method;
    private final List<ArgumentSpec> arguments;
    private final boolean list;
    private final boolean isVoid;

    MethodFetcher(Method method, List<ArgumentSpec> arguments) {
        this.method = method;
        this.arguments = List.copyOf(arguments);
        this.list = OutputValues.isList(method.getGenericReturnType());
        this.isVoid = OutputValues.isVoid(method.getReturnType());
    }

    @Override
    public Object get(DataFetchingEnvironment env) throws Exception {
        ServiceBinding binding = env.getSource();
        ServiceInstances instances = env.getGraphQlContext().get(ServiceInstances.CONTEXT_KEY);
        if (instances == null) {
            throw new IllegalStateException("no service instances in the request context");
        }
        Object service = instances.instanceFor(binding);
        Object[] values = new Object[arguments.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = arguments.get(i).valueFrom(env);
        }
        try {
            Object result = method.invoke(service, values);
            return isVoid ? Boolean.TRUE : OutputValues.adapt(result, list);
        } catch (InvocationTargetException e) {
            throw GetterFetcher.unwrap(e);
        }
    }
}
