package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each kind of bad input gets a precise status and a JSON error, and never a stack trace. */
class BadInputHttpTest extends RuntimeTestBase {
    private static JsonNode body(HttpResponse<String> response) throws Exception {
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/"), response.headers().toString());
        assertFalse(response.body().contains("\tat "), "no stack traces: " + response.body());
        return fixture.json.readTree(response.body());
    }

    @Test
    void malformedJson() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json", "{\"query\": ");
        assertEquals(400, response.statusCode());
        assertTrue(body(response).at("/errors/0/message").asText().startsWith("malformed JSON in request body"), response.body());
    }

    @Test
    void missingQuery() throws Exception {
        HttpResponse<String> post = fixture.post("/graphql", "application/json", "{\"variables\": {}}");
        assertEquals(400, post.statusCode());
        assertEquals("missing query: the request needs a non-empty string field 'query'", body(post).at("/errors/0/message").asText());
        HttpResponse<String> get = fixture.get("/graphql");
        assertEquals(400, get.statusCode());
        assertEquals("missing query parameter", body(get).at("/errors/0/message").asText());
    }

    @Test
    void variablesThatAreNotAnObject() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json", "{\"query\": \"{ __typename }\", \"variables\": [1]}");
        assertEquals(400, response.statusCode());
        assertEquals("variables must be a JSON object", body(response).at("/errors/0/message").asText());
    }

    @Test
    void otherMethodsAndMediaTypes() throws Exception {
        HttpResponse<String> put = fixture.send(HttpRequest.newBuilder(fixture.uri("/graphql")).PUT(HttpRequest.BodyPublishers.ofString("{}")));
        assertEquals(405, put.statusCode());
        assertEquals("GET, POST, OPTIONS", put.headers().firstValue("Allow").orElse(""));
        HttpResponse<String> text = fixture.post("/graphql", "text/plain", "{ __typename }");
        assertEquals(415, text.statusCode());
        HttpResponse<String> unknownPath = fixture.get("/graphql/nothing-here");
        assertEquals(404, unknownPath.statusCode());
    }

    @Test
    void unknownFieldIsAValidationError() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json", "{\"query\": \"{ AddressService { nope } }\"}",
                "Accept", "application/json");
        assertEquals(200, response.statusCode());
        JsonNode json = body(response);
        assertEquals("ValidationError", json.at("/errors/0/extensions/classification").asText());
        assertTrue(json.at("/errors/0/message").asText().contains("'nope'"), response.body());
        assertTrue(json.get("data") == null, "no data for an invalid document");
        HttpResponse<String> strict = fixture.post("/graphql", "application/json", "{\"query\": \"{ AddressService { nope } }\"}",
                "Accept", "application/graphql-response+json");
        assertEquals(400, strict.statusCode());
        assertTrue(strict.headers().firstValue("Content-Type").orElse("").startsWith("application/graphql-response+json"));
    }

    @Test
    void variableOfTheWrongType() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json",
                "{\"query\": \"mutation($a: String!, $n: String!) { ResidentService { addResident(addressId: $a, name: $n) { id } } }\","
                        + " \"variables\": {\"a\": {\"x\": 1}, \"n\": \"Zed\"}}");
        assertEquals(400, response.statusCode(), "variable coercion failed: a request error");
        JsonNode json = body(response);
        assertEquals("ValidationError", json.at("/errors/0/extensions/classification").asText(), response.body());
        JsonNode residents = fixture.query("/graphql", "{ AddressService { getAddresses { residents { name } } } }", Map.of());
        assertFalse(residents.toString().contains("Zed"), "nothing was written");
    }

    @Test
    void queryNestedOneThousandLevelsDeep() throws Exception {
        String deep = "{ AddressService { getAddresses { " + "residents { relatives { ".repeat(500) + "id" + " } }".repeat(500) + " } } }";
        HttpResponse<String> response = fixture.post("/graphql", "application/graphql", deep);
        assertEquals(400, response.statusCode());
        JsonNode json = body(response);
        assertTrue(json.get("data") == null || json.get("data").isNull(), response.body());
        String message = json.at("/errors/0/message").asText();
        assertTrue(message.contains("More than 500 deep"), message);
    }

    @Test
    void depthLimitIsConfigurable() throws Exception {
        String sixDeep = "{ AddressService { getAddresses { residents { relatives { address { city } } } } } }";
        assertEquals("Gera", fixture.query("/graphql", sixDeep, Map.of()).at("/data/AddressService/getAddresses/0/residents/0/relatives/0/address/city").asText());
        HttpResponse<String> limited = fixture.post("/special/graphql", "application/graphql", sixDeep);
        JsonNode json = body(limited);
        assertTrue(json.at("/errors/0/message").asText().contains("maximum query depth exceeded"), limited.body());
    }

    @Test
    void complexityLimitIsConfigurable() throws Exception {
        StringBuilder wide = new StringBuilder("{ AddressService { getAddresses {");
        for (int i = 0; i < 60; i++) {
            wide.append(" a").append(i).append(": id");
        }
        String query = wide.append(" } } }").toString();
        assertEquals("a1", fixture.query("/graphql", query, Map.of()).at("/data/AddressService/getAddresses/0/a59").asText());
        JsonNode limited = body(fixture.post("/special/graphql", "application/graphql", query));
        assertTrue(limited.at("/errors/0/message").asText().contains("maximum query complexity exceeded"), limited.toString());
    }

    @Test
    void introspectionCanBeTurnedOff() throws Exception {
        fixture.awaitGateway("/closed/graphql");
        JsonNode refused = body(fixture.post("/closed/graphql", "application/graphql", "{ __schema { queryType { name } } }"));
        assertEquals("IntrospectionDisabled", refused.at("/errors/0/extensions/classification").asText(), refused.toString());
        assertEquals(403, fixture.get("/closed/graphql/schema.graphqls").statusCode());
        assertEquals(403, fixture.get("/closed/graphql/schema.json").statusCode());
        JsonNode allowed = fixture.query("/graphql", "{ __schema { queryType { name } } }", Map.of());
        assertEquals("Query", allowed.at("/data/__schema/queryType/name").asText());
    }

    @Test
    void tenMegabyteQueryIsRefusedWith413() throws Exception {
        String huge = "{ __typename " + " ".repeat(10 * 1024 * 1024) + "}";
        HttpResponse<String> response = fixture.post("/graphql", "application/graphql", huge);
        assertEquals(413, response.statusCode());
        assertEquals("request body exceeds the limit of 1048576 bytes", body(response).at("/errors/0/message").asText());
        HttpResponse<String> small = fixture.post("/special/graphql", "application/graphql", "{ __typename " + " ".repeat(5000) + "}");
        assertEquals(413, small.statusCode(), "the second gateway's configured 4096-byte limit");
    }
}
