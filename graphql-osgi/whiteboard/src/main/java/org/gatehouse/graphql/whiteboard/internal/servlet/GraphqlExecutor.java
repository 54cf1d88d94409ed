package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.introspection.Introspection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dataloader.DataLoaderRegistry;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaSnapshot;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;

/** Runs the operations of one HTTP request against one schema snapshot with one set of service instances. */
final class GraphqlExecutor {
    private final boolean introspection;

    GraphqlExecutor(boolean introspection) {
        this.introspection = introspection;
    }

    List<ExecutionResult> execute(SchemaSnapshot snapshot, ServiceInstances instances, List<GraphqlRequest> requests) {
        List<ExecutionResult> results = new ArrayList<>(requests.size());
        for (GraphqlRequest request : requests) {
            Map<Object, Object> context = new HashMap<>();
            context.put(ServiceInstances.CONTEXT_KEY, instances);
            if (!introspection) {
                context.put(Introspection.INTROSPECTION_DISABLED, true);
            }
            ExecutionInput input = ExecutionInput.newExecutionInput(request.query())
                    .operationName(request.operationName())
                    .variables(request.variables())
                    .graphQLContext(context)
                    // one registry per operation: @GraphqlBatch loaders collect the keys of this operation
                    .dataLoaderRegistry(new DataLoaderRegistry())
                    .build();
            results.add(snapshot.graphql().execute(input));
        }
        return results;
    }
}
