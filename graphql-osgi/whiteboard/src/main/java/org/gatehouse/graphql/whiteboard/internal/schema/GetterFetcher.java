package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Reads one model attribute through its getter. */
final class GetterFetcher implements DataFetcher<Object> {
    private final Method getter;
    private final boolean list;

    GetterFetcher(Method getter) {
        this.getter = getter;
        this.list = OutputValues.isList(getter.getGenericReturnType());
    }

    @Override
    public Object get(DataFetchingEnvironment env) throws Exception {
        Object source = env.getSource();
        if (source == null) {
            return null;
        }
        try {
            return OutputValues.adapt(getter.invoke(source), list);
        } catch (InvocationTargetException e) {
            throw unwrap(e);
        }
    }

    static Exception unwrap(InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Exception exception) {
            return exception;
        }
        throw (Error) cause;
    }
}
