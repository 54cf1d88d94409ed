package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The example runtime over real HTTP: wire format, schema download, GraphiQL. */
class ExampleGatewayHttpTest extends RuntimeTestBase {
    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void nestedAddressPersonQueryOverPost() throws Exception {
        JsonNode result = fixture.query("/graphql",
                "query($id: String) { AddressService { getAddresses(id: $id) { id street city residents { name address { zipCode } relatives { name } } } } }",
                Map.of("id", "a1"));
        assertEquals(fixture.json.readTree("""
                {"data":{"AddressService":{"getAddresses":[{"id":"a1","street":"Kornmarkt","city":"Gera","residents":[
                  {"name":"Anna Schmidt","address":{"zipCode":"07545"},"relatives":[{"name":"Ben Schmidt"},{"name":"Clara Vogel"}]},
                  {"name":"Ben Schmidt","address":{"zipCode":"07545"},"relatives":[{"name":"Anna Schmidt"}]}]}]}}}
                """), result);
    }

    @Test
    void getWithVariablesAndOperationName() throws Exception {
        HttpResponse<String> response = fixture.get("/graphql?query=" + enc("query A($id: String) { AddressService { getAddresses(id: $id) { city } } } query B { __typename }")
                + "&variables=" + enc("{\"id\":\"a2\"}") + "&operationName=A");
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/graphql-response+json"),
                "the media type of clients that send no Accept header");
        assertEquals("{\"data\":{\"AddressService\":{\"getAddresses\":[{\"city\":\"Jena\"}]}}}", response.body());
    }

    @Test
    void postApplicationGraphql() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/graphql", "{ AddressService { getAddresses(id: \"nope\") { id } } }");
        assertEquals(200, response.statusCode());
        assertEquals("{\"data\":{\"AddressService\":{\"getAddresses\":[]}}}", response.body());
    }

    @Test
    void batchedPostAnswersAnArray() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json",
                "[{\"query\":\"{ AddressService { getAddresses(id: \\\"a1\\\") { city } } }\"},{\"query\":\"{ __typename }\"}]");
        assertEquals(200, response.statusCode());
        assertEquals("[{\"data\":{\"AddressService\":{\"getAddresses\":[{\"city\":\"Gera\"}]}}},{\"data\":{\"__typename\":\"Query\"}}]", response.body());
    }

    @Test
    void mutationOverPostAndRefusedOverGet() throws Exception {
        JsonNode added = fixture.query("/graphql", "mutation { ResidentService { addResident(addressId: \"a2\", name: \"Dora\") { name address { city } } } }", Map.of());
        assertEquals("{\"data\":{\"ResidentService\":{\"addResident\":{\"name\":\"Dora\",\"address\":{\"city\":\"Jena\"}}}}}", added.toString());
        HttpResponse<String> get = fixture.get("/graphql?query=" + enc("mutation { ResidentService { addResident(addressId: \"a2\", name: \"Eve\") { name } } }"));
        assertEquals(405, get.statusCode());
        assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
        assertEquals("mutations are not allowed over GET; use POST", errorMessage(get));
        JsonNode residents = fixture.query("/graphql", "{ AddressService { getAddresses(id: \"a2\") { residents { name } } } }", Map.of());
        assertFalse(residents.toString().contains("Eve"), "the refused GET mutation must not have run");
    }

    @Test
    void schemaDownloadMatchesTheGoldenSdl() throws Exception {
        HttpResponse<String> response = fixture.get("/graphql/schema.graphqls");
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        // both examples (Address/Person and the EMF catalog) are in the runtime's schema
        String golden = Files.readString(Path.of("src/test/resources/runtime.graphqls"));
        // for review when the schema rules change
        Files.writeString(Path.of("target", "actual-runtime.graphqls"), response.body());
        assertEquals(golden, response.body());
    }

    @Test
    void introspectionWorks() throws Exception {
        JsonNode result = fixture.query("/graphql", "{ __type(name: \"Person\") { fields { name type { kind ofType { name } } } } }", Map.of());
        JsonNode relatives = null;
        for (JsonNode field : result.at("/data/__type/fields")) {
            if (field.get("name").asText().equals("relatives")) {
                relatives = field;
            }
        }
        assertEquals("{\"name\":\"relatives\",\"type\":{\"kind\":\"NON_NULL\",\"ofType\":{\"name\":null}}}", String.valueOf(relatives));
        HttpResponse<String> schemaJson = fixture.get("/graphql/schema.json");
        assertEquals(200, schemaJson.statusCode());
        assertTrue(fixture.json.readTree(schemaJson.body()).at("/data/__schema/queryType/name").asText().equals("Query"));
    }

    @Test
    void graphiqlPageOnlyWhereEnabled() throws Exception {
        HttpResponse<String> page = fixture.get("/graphql", "Accept", "text/html");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(page.body().contains("GraphiQL"));
        HttpResponse<String> disabled = fixture.get("/special/graphql", "Accept", "text/html");
        assertEquals(406, disabled.statusCode(), "no page there, and no JSON accepted");
    }

    @Test
    void secondGatewaySetsConfiguredHeaders() throws Exception {
        HttpResponse<String> response = fixture.get("/special/graphql?query=" + enc("{ __typename }"));
        assertEquals(200, response.statusCode());
        assertEquals("special", response.headers().firstValue("X-Gateway").orElse(""));
        assertEquals("*", response.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
        assertTrue(fixture.get("/graphql?query=" + enc("{ __typename }")).headers().firstValue("X-Gateway").isEmpty());
    }

    static String errorMessage(HttpResponse<String> response) throws Exception {
        return fixture.json.readTree(response.body()).at("/errors/0/message").asText();
    }
}
