package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.junit.jupiter.api.Test;

/** Executes queries against schemas built from Java types, in-process and without OSGi. */
class SchemaExecutionTest {
    private final SchemaBuild shop = TestSchemas.shop();
    private final ShopServiceImpl service = new ShopServiceImpl();

    private Map<String, Object> data(String query, Map<String, Object> variables) {
        ExecutionResult result = TestSchemas.execute(shop, service, query, variables);
        assertEquals(List.of(), result.getErrors(), query);
        return result.getData();
    }

    @Test
    void objectsResolveToTheTypeOfTheirRuntimeClass() {
        Map<String, Object> data = data("{ ShopService { entries { __typename id name } } }", Map.of());
        assertEquals(Map.of("ShopService", Map.of("entries", List.of(
                Map.of("__typename", "CatalogEntryImpl", "id", "c1", "name", "Gift card"),
                Map.of("__typename", "ProductImpl", "id", "p1", "name", "Pen"),
                Map.of("__typename", "Bundle", "id", "b1", "name", "Writing set")))), data);
    }

    @Test
    void unionMembersResolveByRuntimeClass() {
        Map<String, Object> data = data("{ ShopService { entry(id: \"b1\") { __typename ... on Bundle { parts { name } } } } }", Map.of());
        assertEquals(Map.of("ShopService", Map.of("entry", Map.of("__typename", "Bundle",
                "parts", List.of(Map.of("name", "Pen"), Map.of("name", "Ink"))))), data);
    }

    @Test
    void longValuesKeepAllSixtyFourBits() {
        Map<String, Object> data = data("{ ShopService { count entry(id: \"p1\") { ... on ProductImpl { stock available } } } }", Map.of());
        assertEquals(Map.of("ShopService", Map.of("count", 5_000_000_000L,
                "entry", Map.of("stock", 5_000_000_000L, "available", true))), data);
    }

    @Test
    void inputObjectsAndEnumsArriveAsVariables() {
        Map<String, Object> data = data("query($f: ProductFilterInput) { ShopService { search(filter: $f, limit: 5) { name } } }",
                Map.of("f", Map.of("currency", "USD")));
        assertEquals(Map.of("ShopService", Map.of("search", List.of(Map.of("name", "Ink")))), data);
    }

    @Test
    void singleKeyCallsAreBatchedThroughTheBatchMethod() {
        Map<String, Object> data = data("{ ShopService { a: price(id: \"p1\") b: price(id: \"p2\") c: price(id: \"zz\") } }", Map.of());
        assertEquals("{ShopService={a=1.50, b=3.00, c=null}}", data.toString());
        assertEquals(List.of("prices([p1, p2, zz])"), service.calls);
    }

    @Test
    void mapsTravelAsJson() {
        Map<String, Object> data = data("{ ShopService { stats(options: {depth: 2}) } }", Map.of());
        // JSON literals keep arbitrary precision (BigInteger), so compare the rendered values
        assertEquals("{ShopService={stats={echo={depth=2}}}}", data.toString());
    }

    @Test
    void resolverExceptionsBecomeErrorsAndOtherFieldsStillResolve() {
        SchemaBuild build = SchemaAssembler.build(List.of(TestSchemas.SHOP));
        ExecutionResult result = TestSchemas.execute(build, new ShopServiceImpl() {
            @Override
            public long count() {
                throw new IllegalStateException("count failed");
            }
        }, "{ ShopService { find(name: \"x\", page: 2) count } }", Map.of());
        assertEquals(1, result.getErrors().size());
        assertTrue(result.getErrors().get(0).getMessage().contains("count failed"), result.getErrors().toString());
        assertEquals(List.of("ShopService", "count"), result.getErrors().get(0).getPath());
    }

    @Test
    void overloadsAndUnsupportedTypesAreReportedNotLost() {
        List<BuildFailure> failures = shop.failures();
        assertEquals(2, failures.size(), failures.toString());
        BuildFailure overload = failures.stream().filter(f -> f.reason() == FailedServiceDTO.FAILURE_OVERLOADED).findFirst().orElseThrow();
        assertEquals("ShopService.find(String)", overload.element());
        assertTrue(overload.message().contains("find(String, int)"), overload.message());
        BuildFailure unsupported = failures.stream().filter(f -> f.reason() == FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE).findFirst().orElseThrow();
        assertEquals("ShopService.unsupported()", unsupported.element());
        assertEquals(3, unsupported.serviceId());
    }

    @Test
    void clashingRootNamesKeepTheHigherRankedService() {
        ServiceBinding low = new ServiceBinding("AddressService", TestSchemas.SHOP.interfaces(), false, 10, 0);
        ServiceBinding high = new ServiceBinding("AddressService", TestSchemas.ADDRESSES.interfaces(), false, 11, 5);
        SchemaBuild build = SchemaAssembler.build(List.of(low, high));
        assertEquals(List.of(11L), build.services().stream().map(s -> s.serviceId).toList());
        assertTrue(build.failures().stream().anyMatch(f -> f.serviceId() == 10 && f.reason() == FailedServiceDTO.FAILURE_SHADOWED));
    }

    @Test
    void anEmptySchemaStillHasAQueryRoot() {
        SchemaBuild build = SchemaAssembler.build(List.of());
        assertEquals(List.of("_empty"), build.schema().getQueryType().getFieldDefinitions().stream().map(f -> f.getName()).toList());
        assertEquals(null, build.schema().getMutationType());
    }
}
