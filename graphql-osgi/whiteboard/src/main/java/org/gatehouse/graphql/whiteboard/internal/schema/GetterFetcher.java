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
        } catch (Error e) {
            // e.g. a StackOverflowError while adapting a deeply nested value: this field's error only
            throw new ResolverError(e);
        }
    }

    /** The exception the invoked method threw; an {@link Error} is wrapped so it stays the error of its field. */
    static Exception unwrap(InvocationTargetException e) {
        return contained(e.getCause());
    }

    static Exception contained(Throwable thrown) {
        if (thrown instanceof Exception exception) {
            return exception;
        }
        return thrown instanceof Error error ? new ResolverError(error) : new IllegalStateException(thrown);
    }
}
