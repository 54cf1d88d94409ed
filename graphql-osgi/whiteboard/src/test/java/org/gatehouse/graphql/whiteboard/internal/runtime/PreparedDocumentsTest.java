package org.gatehouse.graphql.whiteboard.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationValidationParameters;
import graphql.language.Document;
import graphql.validation.ValidationError;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.api.ResidentService;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaAssembler;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.junit.jupiter.api.Test;

/** A repeated query skips parsing and validation; operation selection is checked on every request. */
class PreparedDocumentsTest {
    private final AtomicInteger parses = new AtomicInteger();
    private final AtomicInteger validations = new AtomicInteger();
    private final PreparedDocuments documents = new PreparedDocuments(2);
    private final GraphQL graphql = GraphQL.newGraphQL(SchemaAssembler.build(List.of(
                    new ServiceBinding("AddressService", List.of(AddressService.class), false, 1, 0),
                    new ServiceBinding("ResidentService", List.of(ResidentService.class), true, 2, 0))).schema())
            .preparsedDocumentProvider(documents)
            .instrumentation(new SimplePerformantInstrumentation() {
                @Override
                public InstrumentationContext<Document> beginParse(InstrumentationExecutionParameters parameters, InstrumentationState state) {
                    parses.incrementAndGet();
                    return null;
                }

                @Override
                public InstrumentationContext<List<ValidationError>> beginValidation(InstrumentationValidationParameters parameters,
                        InstrumentationState state) {
                    validations.incrementAndGet();
                    return null;
                }
            })
            .build();

    private ExecutionResult run(String query, String operationName, boolean readOnly) {
        AddressService service = id -> List.of();
        ServiceInstances instances = binding -> service;
        return graphql.execute(ExecutionInput.newExecutionInput(query).operationName(operationName)
                .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances, PreparedDocuments.READ_ONLY, readOnly)).build());
    }

    @Test
    void aRepeatedQuerySkipsParsingAndValidation() {
        String query = "{ AddressService { getAddresses { id } } }";
        assertEquals(Map.of("AddressService", Map.of("getAddresses", List.of())), run(query, null, false).getData());
        run(query, null, false);
        run(query, null, false);
        assertEquals(1, parses.get());
        assertEquals(1, validations.get());
    }

    @Test
    void invalidDocumentsAreCachedWithTheirErrors() {
        assertEquals("ValidationError", run("{ nope }", null, false).getErrors().get(0).getErrorType().toString());
        assertEquals("ValidationError", run("{ nope }", null, false).getErrors().get(0).getErrorType().toString());
        assertEquals(1, validations.get());
    }

    @Test
    void theCacheIsBoundedAndSkipsHugeDocuments() {
        run("{ __typename }", null, false);
        run("{ a: __typename }", null, false);
        run("{ b: __typename }", null, false);
        assertEquals(2, documents.cached());
        String huge = "{ __typename " + " ".repeat(PreparedDocuments.MAX_CACHED_QUERY_CHARS) + "}";
        run(huge, null, false);
        run(huge, null, false);
        assertEquals(5, parses.get(), "three small ones once, the huge one every time");
    }

    @Test
    void operationSelectionIsCheckedPerRequestOnTheCachedDocument() {
        String document = "query A { __typename } mutation B { __typename }";
        assertEquals(GatewayErrors.OperationNotFound, run(document, null, false).getErrors().get(0).getErrorType());
        assertEquals(GatewayErrors.OperationNotFound, run(document, "C", false).getErrors().get(0).getErrorType());
        assertEquals(GatewayErrors.MutationOverGet, run(document, "B", true).getErrors().get(0).getErrorType());
        assertEquals(Map.of("__typename", "Query"), run(document, "A", true).getData());
        assertEquals(Map.of("__typename", "Mutation"), run(document, "B", false).getData());
        assertEquals(GatewayErrors.SubscriptionNotSupported,
                run("subscription S { AddressService { getAddresses { id } } }", null, false).getErrors().get(0).getErrorType());
        assertFalse(run(document, "B", true).isDataPresent(), "nothing executes");
        assertEquals(1, parses.get() - 1, "the document parsed once (plus the subscription document)");
    }
}
