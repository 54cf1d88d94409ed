package org.gatehouse.graphql.emf.example.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.SchemaPrinter;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.emf.example.api.CatalogMutations;
import org.gatehouse.graphql.emf.example.api.CatalogQueries;
import org.gatehouse.graphql.emf.example.api.ReviewMutations;
import org.gatehouse.graphql.emf.example.api.ReviewQueries;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.Size;
import org.gatehouse.graphql.emf.example.catalog.impl.ProductImpl;
import org.gatehouse.graphql.emf.internal.EmfTypeMapper;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaAssembler;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.schema.TypeMapperBinding;
import org.junit.jupiter.api.Test;

/**
 * The EMF example's schema, built without OSGi by the whiteboard's assembler and the EMF type mapper: the
 * generated catalog package is found from the service types alone; the reviews package is "registered".
 * The same schema is served over HTTP by the example runtime (checked in the launcher's tests).
 */
class CatalogSchemaTest {
    private final CatalogStore store = new CatalogStore();
    private final SchemaBuild build = SchemaAssembler.build(List.of(
            new ServiceBinding("CatalogQueries", List.of(CatalogQueries.class), false, 1, 0),
            new ServiceBinding("CatalogMutations", List.of(CatalogMutations.class), true, 2, 0),
            new ServiceBinding("ReviewQueries", List.of(ReviewQueries.class), false, 3, 0),
            new ServiceBinding("ReviewMutations", List.of(ReviewMutations.class), true, 3, 0)),
            List.of(new TypeMapperBinding(new EmfTypeMapper(() -> List.of(ReviewModel.load())), 9, 0)));

    private ExecutionResult execute(String query, Map<String, Object> variables) {
        CatalogQueriesImpl queries = new CatalogQueriesImpl();
        queries.store = store;
        CatalogMutationsImpl mutations = new CatalogMutationsImpl();
        mutations.store = store;
        Map<String, Object> services = Map.of("CatalogQueries", queries, "CatalogMutations", mutations);
        ServiceInstances instances = binding -> services.get(binding.fieldName());
        return GraphQL.newGraphQL(build.schema()).build().execute(ExecutionInput.newExecutionInput(query)
                .variables(variables).graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances)).build());
    }

    private Object data(String query, Map<String, Object> variables) {
        ExecutionResult result = execute(query, variables);
        assertEquals(List.of(), result.getErrors(), query);
        return result.getData();
    }

    @Test
    void schemaMatchesGoldenSdlAndNothingIsLeftOut() throws IOException {
        String sdl = new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(build.schema());
        Path written = Path.of("target", "actual-catalog.graphqls");
        Files.createDirectories(written.getParent());
        Files.writeString(written, sdl);
        try (InputStream golden = CatalogSchemaTest.class.getResourceAsStream("/catalog.graphqls")) {
            assertNotNull(golden, "missing golden file; the actual SDL is in " + written);
            assertEquals(new String(golden.readAllBytes(), StandardCharsets.UTF_8), sdl);
        }
        assertEquals(List.of(), build.failures());
    }

    @Test
    void subclassesResolveToTheirImplTypesAndUnionsByEClass() {
        Object data = data("""
                { CatalogQueries {
                    catalogs { name featured { __typename } entries { __typename id ... on Product { price currency skus { code size stock } } } }
                    voucher: entry(id: "v1") { __typename ... on VoucherImpl { amount validUntil } }
                    product: entry(id: "p2") { __typename ... on ProductImpl { name } } } }""", Map.of());
        assertEquals(Map.of("CatalogQueries", Map.of(
                "catalogs", List.of(Map.of("name", "Outdoor shop", "featured", Map.of("__typename", "VoucherImpl"), "entries", List.of(
                        Map.of("__typename", "ProductImpl", "id", "p1", "price", new BigDecimal("19.90"), "currency", "EUR",
                                "skus", List.of(Map.of("code", "p1-m", "size", "M", "stock", 4), Map.of("code", "p1-l", "size", "L", "stock", 0))),
                        Map.of("__typename", "ProductImpl", "id", "p2", "price", new BigDecimal("89.00"), "currency", "USD",
                                "skus", List.of(Map.of("code", "p2-xl", "size", "XL", "stock", 2))),
                        Map.of("__typename", "VoucherImpl", "id", "v1")))),
                "voucher", Map.of("__typename", "VoucherImpl", "amount", new BigDecimal("25.00"), "validUntil", "2030-12-31T23:59:59.000Z"),
                "product", Map.of("__typename", "ProductImpl", "name", "Hiking boots"))), data);
    }

    @Test
    void mutationReceivesAGeneratedObjectWithItsContainedSkus() {
        Map<String, Object> product = Map.of("id", "p9", "name", "Tent", "price", "149.00", "currency", "EUR",
                "tags", List.of("camping"), "skus", List.of(Map.of("code", "p9-l", "size", "L", "stock", 1)));
        Object data = data("mutation($p: ProductInput!) { CatalogMutations { addProduct(catalogId: \"c1\", product: $p) { __typename id skus { size } } } }",
                Map.of("p", product));
        assertEquals(Map.of("CatalogMutations", Map.of("addProduct", Map.of("__typename", "ProductImpl", "id", "p9",
                "skus", List.of(Map.of("size", "L"))))), data);
        Product stored = store.products(null).stream().filter(p -> p.getId().equals("p9")).findFirst().orElseThrow();
        assertInstanceOf(ProductImpl.class, stored);
        assertEquals(new BigDecimal("149.00"), stored.getPrice());
        assertEquals(Size.L, stored.getSkus().get(0).getSize());
        assertEquals(stored, stored.getSkus().get(0).eContainer());
    }
}
