package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The EMF example in the real runtime over HTTP: the generated catalog model (found from the service
 * types) and the dynamic reviews model (an EPackage service, DynamicEObjectImpls), with the EMF bundle's
 * type mapper plugged into the gateway.
 */
class EmfGatewayHttpTest extends RuntimeTestBase {
    private static final String EXAMPLE = "org.gatehouse.graphql.emf.example";
    private static final String REVIEW_BOOK = "org.gatehouse.graphql.emf.example.internal.ReviewBook";

    private static JsonNode json(String text) throws Exception {
        return fixture.json.readTree(text);
    }

    @Test
    void entriesResolveToTheImplTypeOfTheirEClass() throws Exception {
        JsonNode result = fixture.query("/graphql",
                "{ CatalogQueries { catalogs { featured { __typename } entries { __typename id ... on Voucher { amount } } } } }", Map.of());
        JsonNode catalog = result.at("/data/CatalogQueries/catalogs/0");
        assertEquals(json("{\"__typename\":\"VoucherImpl\"}"), catalog.get("featured"));
        // the example's own entries come first; another test of this class may have added products after them
        List<JsonNode> entries = new java.util.ArrayList<>();
        catalog.get("entries").forEach(entries::add);
        assertEquals(json("""
                [{"__typename":"ProductImpl","id":"p1"},{"__typename":"ProductImpl","id":"p2"},
                 {"__typename":"VoucherImpl","id":"v1","amount":25.00}]"""), fixture.json.valueToTree(entries.subList(0, 3)));
    }

    @Test
    void unionOfEmfClassesResolvesByEClass() throws Exception {
        JsonNode result = fixture.query("/graphql", """
                query($a: String!, $b: String!) { CatalogQueries {
                  a: entry(id: $a) { __typename ... on ProductImpl { name skus { size } } ... on VoucherImpl { validUntil } }
                  b: entry(id: $b) { __typename ... on ProductImpl { name } ... on VoucherImpl { validUntil } } } }""",
                Map.of("a", "p2", "b", "v1"));
        assertEquals(json("""
                {"data":{"CatalogQueries":{"a":{"__typename":"ProductImpl","name":"Hiking boots","skus":[{"size":"XL"}]},
                  "b":{"__typename":"VoucherImpl","validUntil":"2030-12-31T23:59:59.000Z"}}}}"""), result);
    }

    @Test
    void mutationWithANestedEObjectInputStoresAndReturnsItsValues() throws Exception {
        Map<String, Object> product = Map.of("id", "p7", "name", "Stove", "price", "39.50", "currency", "USD",
                "description", "Burns anything.", "tags", List.of("camping", "cooking"),
                "skus", List.of(Map.of("code", "p7-s", "size", "S", "stock", 3), Map.of("code", "p7-m", "size", "M")));
        JsonNode added = fixture.query("/graphql", """
                mutation($p: ProductInput!) { CatalogMutations { addProduct(catalogId: "c1", product: $p) {
                  __typename id name price currency description tags skus { __typename code size stock } } } }""",
                Map.of("p", product));
        JsonNode expected = json("""
                {"__typename":"ProductImpl","id":"p7","name":"Stove","price":39.50,"currency":"USD","description":"Burns anything.",
                 "tags":["camping","cooking"],"skus":[{"__typename":"SKUImpl","code":"p7-s","size":"S","stock":3},
                 {"__typename":"SKUImpl","code":"p7-m","size":"M","stock":0}]}""");
        assertEquals(expected, added.at("/data/CatalogMutations/addProduct"));
        JsonNode stored = fixture.query("/graphql", "{ CatalogQueries { entry(id: \"p7\") { ... on ProductImpl {"
                + " __typename id name price currency description tags skus { __typename code size stock } } } } }", Map.of());
        assertEquals(expected, stored.at("/data/CatalogQueries/entry"), "the service kept what it received");
    }

    @Test
    void dynamicModelServesAndAcceptsDynamicEObjects() throws Exception {
        JsonNode added = fixture.query("/graphql", """
                mutation { ReviewMutations { addReview(review: {productId: "p1", rating: GOOD, comment: "Fine",
                  reviewer: {name: "Ann", verified: true}}) { __typename rating reviewer { __typename name verified } } } }""", Map.of());
        assertEquals(json("""
                {"data":{"ReviewMutations":{"addReview":{"__typename":"ReviewImpl","rating":"GOOD",
                  "reviewer":{"__typename":"ReviewerImpl","name":"Ann","verified":true}}}}}"""), added);
        JsonNode reviews = fixture.query("/graphql", "{ ReviewQueries { reviews(productId: \"p1\") { rating comment } } }", Map.of());
        assertEquals(json("""
                {"data":{"ReviewQueries":{"reviews":[{"rating":"GREAT","comment":"Kept me dry on the Rennsteig."},
                  {"rating":"GOOD","comment":"Fine"}]}}}"""), reviews);
    }

    @Test
    void anEPackageServiceRemovedAndRegisteredAgainLeavesAndReentersTheSchema() throws Exception {
        assertTrue(fixture.awaitSchema("/graphql", sdl -> sdl.contains("type ReviewImpl implements Review")).contains("enum Rating"));
        fixture.setComponentEnabled(EXAMPLE, REVIEW_BOOK, false);
        try {
            String without = fixture.awaitSchema("/graphql", sdl -> !sdl.contains("Review"));
            assertFalse(without.contains("enum Rating"), without);
            assertTrue(without.contains("type ProductImpl"), "the generated catalog model stays");
        } finally {
            fixture.setComponentEnabled(EXAMPLE, REVIEW_BOOK, true);
        }
        fixture.awaitSchema("/graphql", sdl -> sdl.contains("type ReviewImpl implements Review") && sdl.contains("ReviewQueries: ReviewQueries!"));
        JsonNode reviews = fixture.query("/graphql", "{ ReviewQueries { reviews { __typename rating } } }", Map.of());
        assertEquals(json("{\"data\":{\"ReviewQueries\":{\"reviews\":[{\"__typename\":\"ReviewImpl\",\"rating\":\"GREAT\"}]}}}"), reviews);
    }

    @Test
    void badEmfInputAnswersGraphqlErrorsNot500() throws Exception {
        String mutation = "mutation($p: ProductInput!) { CatalogMutations { addProduct(catalogId: \"c1\", product: $p) { id } } }";
        Map<String, Object> valid = Map.of("id", "p8", "name", "Mug", "price", "5", "currency", "EUR");
        assertError(400, mutation, Map.of("p", with(valid, "colour", "red")),
                "The variables input contains a field name 'colour' that is not defined for input object type 'ProductInput' ");
        assertError(400, mutation, Map.of("p", with(valid, "currency", "GBP")), "Variable 'p' has an invalid value");
        assertError(400, mutation, Map.of("p", Map.of("id", "p8", "price", "5", "currency", "EUR")), "name");
        assertError(400, "mutation { CatalogMutations { addProduct(catalogId: \"c1\", product: {id: \"p8\", name: \"Mug\", price: 5,"
                + " currency: EUR, skus: [{code: \"x\"}]}) { id } } }", Map.of(), "missing required fields '[size]'");
        // the service refuses it: the operation ran, so 200 with the service's message and a null field
        assertError(200, "mutation { CatalogMutations { addProduct(catalogId: \"c1\", product: {id: \"p1\", name: \"Dup\", price: 1,"
                + " currency: EUR}) { id } } }", Map.of(), "an entry with id p1 exists already");
        JsonNode none = fixture.query("/graphql", "{ CatalogQueries { entry(id: \"p8\") { __typename } } }", Map.of());
        assertTrue(none.at("/data/CatalogQueries/entry").isNull(), "no refused input was stored: " + none);
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new java.util.HashMap<>(base);
        copy.put(key, value);
        return copy;
    }

    /** Request errors (validation) answer 400 under graphql-response+json, the default media type. */
    private static void assertError(int status, String query, Map<String, Object> variables, String expected) throws Exception {
        String body = fixture.json.writeValueAsString(Map.of("query", query, "variables", variables));
        HttpResponse<String> response = fixture.post("/graphql", "application/json", body);
        assertEquals(status, response.statusCode(), response.body());
        String message = fixture.json.readTree(response.body()).at("/errors/0/message").asText();
        assertTrue(message.contains(expected), "expected '" + expected + "' in: " + response.body());
    }
}
