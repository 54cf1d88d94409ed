package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import graphql.introspection.Introspection;
import java.lang.System.Logger.Level;
import java.security.Principal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dataloader.DataLoaderRegistry;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayErrors;
import org.gatehouse.graphql.whiteboard.internal.runtime.PreparedDocuments;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaSnapshot;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.servlet.ParsedBody.ParsedOperation;

/**
 * Runs the operations of one HTTP request against one schema snapshot with one set of service instances.
 * Each operation of a batch succeeds or fails on its own: an item that could not be read, or an engine
 * failure in one operation, becomes that operation's error and the others still run.
 */
final class GraphqlExecutor {
    private static final System.Logger LOG = System.getLogger(GraphqlExecutor.class.getName());

    private final boolean introspection;

    GraphqlExecutor(boolean introspection) {
        this.introspection = introspection;
    }

    List<ExecutionResult> execute(SchemaSnapshot snapshot, ServiceInstances instances, List<ParsedOperation> operations,
            boolean readOnly, Principal principal) {
        List<ExecutionResult> results = new ArrayList<>(operations.size());
        for (ParsedOperation operation : operations) {
            if (operation.error() != null) {
                results.add(ExecutionResult.newExecutionResult()
                        .addError(GatewayErrors.BadRequest.error(operation.error().getMessage())).build());
                continue;
            }
            GraphqlRequest request = operation.request();
            Map<Object, Object> context = new HashMap<>(8);
            context.put(ServiceInstances.CONTEXT_KEY, instances);
            if (!introspection) {
                context.put(Introspection.INTROSPECTION_DISABLED, true);
            }
            if (readOnly) {
                context.put(PreparedDocuments.READ_ONLY, true);
            }
            if (principal != null) {
                context.put(Principal.class, principal);
            }
            ExecutionInput input = ExecutionInput.newExecutionInput(request.query())
                    .operationName(request.operationName())
                    .variables(request.variables())
                    .graphQLContext(context)
                    // one registry per operation: @GraphqlBatch loaders collect the keys of this operation
                    .dataLoaderRegistry(new DataLoaderRegistry())
                    .build();
            try {
                results.add(snapshot.graphql().execute(input));
            } catch (RuntimeException e) {
                String id = GatewayErrors.newErrorId();
                LOG.log(Level.ERROR, "GraphQL operation failed, error id " + id, e);
                results.add(ExecutionResult.newExecutionResult().addError(GatewayErrors.internal(id, GraphqlErrorBuilder.newError())).build());
            }
        }
        return results;
    }
}
