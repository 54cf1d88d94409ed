package org.gatehouse.graphql.whiteboard.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.analysis.MaxQueryDepthInstrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.internal.AddressBook;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaAssembler;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.junit.jupiter.api.Test;

/** The limits walk an operation once while its document is cached; over-limit operations are refused every time. */
class QueryLimitsTest {
    private final AtomicInteger checks = new AtomicInteger();
    private final GraphQL graphql = GraphQL.newGraphQL(SchemaAssembler.build(List.of(
                    new ServiceBinding("AddressService", List.of(AddressService.class), false, 1, 0))).schema())
            .preparsedDocumentProvider(new PreparedDocuments(10))
            .instrumentation(new QueryLimits(List.of(new SimplePerformantInstrumentation() {
                @Override
                public InstrumentationContext<ExecutionResult> beginExecuteOperation(InstrumentationExecuteOperationParameters parameters,
                        InstrumentationState state) {
                    checks.incrementAndGet();
                    return null;
                }
            }, new MaxQueryDepthInstrumentation(4))))
            .build();

    private ExecutionResult run(String query, Map<String, Object> variables) {
        AddressBook book = new AddressBook();
        AddressService service = book::find;
        ServiceInstances instances = binding -> service;
        return graphql.execute(ExecutionInput.newExecutionInput(query).variables(variables)
                .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances)).build());
    }

    @Test
    void aCachedOperationIsCheckedOnce() {
        String query = "{ AddressService { getAddresses(id: \"a1\") { city } } }";
        for (int i = 0; i < 3; i++) {
            assertEquals("Gera", ((Map<?, ?>) ((List<?>) ((Map<?, ?>) ((Map<?, ?>) run(query, Map.of()).getData())
                    .get("AddressService")).get("getAddresses")).get(0)).get("city"));
        }
        assertEquals(1, checks.get());
    }

    @Test
    void conditionsAreCheckedOnEveryRequest() {
        String query = "query($deep: Boolean!) { AddressService { getAddresses { residents @include(if: $deep) { relatives { name } } } } }";
        assertTrue(run(query, Map.of("deep", false)).getErrors().isEmpty());
        ExecutionResult deep = run(query, Map.of("deep", true));
        assertTrue(deep.getErrors().get(0).getMessage().contains("maximum query depth exceeded"), deep.getErrors().toString());
        assertEquals(2, checks.get());
    }

    @Test
    void anOperationOverTheLimitIsRefusedEveryTime() {
        String query = "{ AddressService { getAddresses { residents { relatives { address { city } } } } } }";
        for (int i = 0; i < 2; i++) {
            ExecutionResult result = run(query, Map.of());
            assertTrue(result.getErrors().get(0).getMessage().contains("maximum query depth exceeded"), result.getErrors().toString());
        }
    }
}
