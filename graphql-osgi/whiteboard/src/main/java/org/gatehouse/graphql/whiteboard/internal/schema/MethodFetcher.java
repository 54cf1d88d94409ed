package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Calls one service method: the source of the field is the {@link ServiceBinding} of the root field. The
 * arguments are converted where the field is fetched (a conversion error is the field's error at once); the
 * service object is taken and the method called through the operation's {@link ResolverCalls}, which runs
 * it under the operation's time limit.
 */
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
        Object[] values = new Object[arguments.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = arguments.get(i).valueFrom(env);
        }
        ResolverCalls calls = env.getGraphQlContext().get(ResolverCalls.CONTEXT_KEY);
        if (calls == null) {
            return adapt(invoke(instances.instanceFor(binding), values));
        }
        // the call gets the method's own future (to cancel it); adapting happens on its value
        return calls.call(() -> invoke(instances.instanceFor(binding), values)).thenApply(this::adapt);
    }

    private Object adapt(Object result) {
        return isVoid ? Boolean.TRUE : OutputValues.adapt(result, list);
    }

    private Object invoke(Object service, Object[] values) throws Exception {
        try {
            return method.invoke(service, values);
        } catch (InvocationTargetException e) {
            throw GetterFetcher.unwrap(e);
        } catch (Error e) {
            throw new ResolverError(e);
        }
    }
}
