package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import graphql.introspection.Introspection;
import java.lang.System.Logger.Level;
import java.security.Principal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.dataloader.DataLoaderRegistry;
import org.gatehouse.graphql.api.GraphqlOperation;
import org.gatehouse.graphql.whiteboard.internal.runtime.GatewayErrors;
import org.gatehouse.graphql.whiteboard.internal.runtime.PreparedDocuments;
import org.gatehouse.graphql.whiteboard.internal.runtime.ResolverPool;
import org.gatehouse.graphql.whiteboard.internal.runtime.RunningOperation;
import org.gatehouse.graphql.whiteboard.internal.runtime.SchemaSnapshot;
import org.gatehouse.graphql.whiteboard.internal.schema.ResolverCalls;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.servlet.ParsedBody.ParsedOperation;

/**
 * Starts the operations of one HTTP request against one schema snapshot with one set of service instances.
 * Each operation of a batch succeeds or fails on its own: an item that could not be read, or an engine
 * failure in one operation, becomes that operation's error and the others still run. Operations of a batch
 * run one after another, each with its own time limit.
 */
final class GraphqlExecutor {
    private static final System.Logger LOG = System.getLogger(GraphqlExecutor.class.getName());

    private final boolean introspection;
    private final ResolverPool pool;

    GraphqlExecutor(boolean introspection, ResolverPool pool) {
        this.introspection = introspection;
        this.pool = pool;
    }

    /** Starts the first operation on the calling thread (parsing and validation run there); see {@link RequestExecution}. */
    RequestExecution execute(SchemaSnapshot snapshot, ServiceInstances instances, List<ParsedOperation> operations,
            boolean readOnly, Principal principal) {
        return new RequestExecution(operations, pool.scheduler(),
                (operation, running) -> run(snapshot, instances, operation, readOnly, principal, running), pool::start);
    }

    private CompletableFuture<ExecutionResult> run(SchemaSnapshot snapshot, ServiceInstances instances, ParsedOperation operation,
            boolean readOnly, Principal principal, RunningOperation running) {
        if (operation.error() != null) {
            return CompletableFuture.completedFuture(ExecutionResult.newExecutionResult()
                    .addError(GatewayErrors.BadRequest.error(operation.error().getMessage())).build());
        }
        GraphqlRequest request = operation.request();
        Map<Object, Object> context = new HashMap<>(8);
        context.put(ServiceInstances.CONTEXT_KEY, instances);
        context.put(ResolverCalls.CONTEXT_KEY, running);
        context.put(GraphqlOperation.class, running);
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
        CompletableFuture<ExecutionResult> result;
        try {
            result = snapshot.graphql().executeAsync(input);
        } catch (RuntimeException | StackOverflowError e) {
            result = CompletableFuture.failedFuture(e);
        }
        return result.handle((value, failure) -> failure == null ? ClientTexts.clean(value) : engineFailure(failure));
    }

    private static ExecutionResult engineFailure(Throwable failure) {
        String id = GatewayErrors.newErrorId();
        LOG.log(Level.ERROR, "GraphQL operation failed, error id " + id, failure);
        return ExecutionResult.newExecutionResult().addError(GatewayErrors.internal(id, GraphqlErrorBuilder.newError())).build();
    }
}
