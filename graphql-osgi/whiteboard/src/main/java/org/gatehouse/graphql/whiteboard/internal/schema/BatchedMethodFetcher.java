package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.dataloader.DataLoader;
import org.dataloader.DataLoaderFactory;
import org.dataloader.DataLoaderRegistry;

/**
 * Calls a single-key service method through a per-request DataLoader whose batch function is the
 * service's {@code @GraphqlBatch} method: all keys of one dispatch level go to one batch call. Without a
 * DataLoaderRegistry in the request, or for a null key, the single-key method is called directly.
 */
final class BatchedMethodFetcher implements DataFetcher<Object> {
    private final MethodFetcher single;
    private final Method batch;
    private final ArgumentSpec key;
    private final boolean list;

    BatchedMethodFetcher(MethodFetcher single, Method batch, ArgumentSpec key, boolean list) {
        this.single = single;
        this.batch = batch;
        this.key = key;
        this.list = list;
    }

    @Override
    public Object get(DataFetchingEnvironment env) throws Exception {
        DataLoaderRegistry registry = env.getDataLoaderRegistry();
        Object keyValue = key.valueFrom(env);
        if (registry == null || keyValue == null) {
            return single.get(env);
        }
        ServiceBinding binding = env.getSource();
        ServiceInstances instances = env.getGraphQlContext().get(ServiceInstances.CONTEXT_KEY);
        Object service = instances.instanceFor(binding);
        String name = binding.fieldName() + "." + batch.getName() + "#" + binding.serviceId();
        ResolverCalls calls = env.getGraphQlContext().get(ResolverCalls.CONTEXT_KEY);
        DataLoader<Object, Object> loader = registry.computeIfAbsent(name, n -> DataLoaderFactory.newDataLoader(
                (List<Object> keys) -> calls == null ? CompletableFuture.completedFuture(callBatch(service, keys))
                        : calls.call(() -> callBatch(service, keys)).thenApply(values -> castList(values))));
        return loader.load(keyValue).thenApply(value -> OutputValues.adapt(value, list));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> castList(Object values) {
        return (List<Object>) values;
    }

    private List<Object> callBatch(Object service, List<Object> keys) {
        try {
            Object result = batch.invoke(service, new ArrayList<>(keys));
            List<?> values = result == null ? List.of() : (List<?>) result;
            if (values.size() != keys.size()) {
                throw new IllegalStateException(batch.getName() + " returned " + values.size() + " results for " + keys.size() + " keys");
            }
            return new ArrayList<>(values);
        } catch (InvocationTargetException e) {
            throw new CompletionException(GetterFetcher.contained(e.getCause()));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
