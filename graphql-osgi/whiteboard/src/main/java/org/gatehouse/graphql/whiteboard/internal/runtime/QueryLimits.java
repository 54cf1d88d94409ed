package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.language.OperationDefinition;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * graphql-java's depth and complexity limits, checked once per cached operation instead of on every
 * request: each walks the whole operation, which costs about as much as executing a small query. An
 * operation that passed stays passed while its parsed document is cached ({@link PreparedDocuments}; the
 * operation node is the key, held weakly), unless its text has {@code @skip} or {@code @include}, the only
 * way the variables of a request change what the limits count. An operation over a limit is refused
 * every time, by graphql-java's own instrumentations.
 */
final class QueryLimits extends ChainedInstrumentation {
    private final Map<OperationDefinition, Boolean> passed = Collections.synchronizedMap(new WeakHashMap<>());

    QueryLimits(List<Instrumentation> limits) {
        super(limits);
    }

    @Override
    public InstrumentationContext<ExecutionResult> beginExecuteOperation(InstrumentationExecuteOperationParameters parameters,
            InstrumentationState state) {
        ExecutionContext context = parameters.getExecutionContext();
        OperationDefinition operation = context.getOperationDefinition();
        if (passed.containsKey(operation)) {
            return SimpleInstrumentationContext.noOp();
        }
        // throws AbortExecutionException when a limit is exceeded; then nothing is remembered
        InstrumentationContext<ExecutionResult> checked = super.beginExecuteOperation(parameters, state);
        String query = context.getExecutionInput().getQuery();
        if (!query.contains("@skip") && !query.contains("@include")) {
            passed.put(operation, Boolean.TRUE);
        }
        return checked;
    }
}
