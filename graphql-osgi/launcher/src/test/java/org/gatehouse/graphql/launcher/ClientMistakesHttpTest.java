package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Hashtable;
import java.util.List;
import java.util.logging.LogRecord;
import org.gatehouse.graphql.launcher.services.Greeter;
import org.gatehouse.graphql.launcher.services.GreetingService;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceRegistration;

/**
 * Requests that are the client's fault answer 4xx (GraphQL-over-HTTP status rules) with GraphQL errors and
 * leave at most one log line without a stack trace; unexpected exceptions are masked behind an error id.
 */
class ClientMistakesHttpTest extends RuntimeTestBase {
    private static final String GRAPHQL_RESPONSE = "application/graphql-response+json";
    private static final String TWO_OPERATIONS = "query A { __typename } query B { AddressService { getAddresses { id } } }";

    /** POSTs the JSON body, then checks status, media type, classification and the log. */
    private static JsonNode refused(String body, String accept, int status, String classification) throws Exception {
        try (LogCapture log = new LogCapture()) {
            HttpResponse<String> response = accept == null
                    ? fixture.post("/graphql", "application/json", body)
                    : fixture.post("/graphql", "application/json", body, "Accept", accept);
            assertEquals(status, response.statusCode(), response.body());
            String expectedType = "application/json".equals(accept) ? "application/json" : GRAPHQL_RESPONSE;
            assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith(expectedType), response.headers().toString());
            JsonNode json = fixture.json.readTree(response.body());
            assertNull(json.get("data"), "a request error has no data: " + response.body());
            assertEquals(classification, json.at("/errors/0/extensions/classification").asText(), response.body());
            assertQuietLog(log.records());
            return json;
        }
    }

    private static void assertQuietLog(List<LogRecord> records) {
        assertTrue(records.size() <= 1, "at most one log line per refused request: " + records.stream().map(LogCapture::text).toList());
        for (LogRecord record : records) {
            assertNull(record.getThrown(), "no stack trace for a client mistake: " + LogCapture.text(record));
        }
    }

    @Test
    void severalOperationsWithoutOrWithAnUnknownOperationName() throws Exception {
        String body = fixture.json.writeValueAsString(java.util.Map.of("query", TWO_OPERATIONS));
        JsonNode none = refused(body, null, 400, "OperationNotFound");
        assertEquals("the document has 2 operations; name the one to run in operationName", none.at("/errors/0/message").asText());
        String unknown = fixture.json.writeValueAsString(java.util.Map.of("query", TWO_OPERATIONS, "operationName", "C"));
        assertEquals("the document has no operation named C", refused(unknown, GRAPHQL_RESPONSE, 400, "OperationNotFound")
                .at("/errors/0/message").asText());
        // legacy application/json: a well-formed request answers 200, as the specification asks
        refused(unknown, "application/json", 200, "OperationNotFound");
        String named = fixture.json.writeValueAsString(java.util.Map.of("query", TWO_OPERATIONS, "operationName", "B"));
        assertEquals("a1", fixture.json.readTree(fixture.post("/graphql", "application/json", named).body())
                .at("/data/AddressService/getAddresses/0/id").asText());
    }

    @Test
    void subscriptionsAreARequestError() throws Exception {
        JsonNode json = refused("{\"query\":\"subscription { AddressService { getAddresses { id } } }\"}", "*/*", 400,
                "SubscriptionNotSupported");
        assertEquals("subscriptions are not supported by this gateway; use a query or a mutation", json.at("/errors/0/message").asText());
    }

    @Test
    void syntaxAndValidationErrorsAre400ForGraphqlResponseJson() throws Exception {
        refused("{\"query\":\"{\"}", null, 400, "InvalidSyntax");
        refused("{\"query\":\"{ AddressService { nope } }\"}", "application/graphql-response+json, application/json;q=0.9", 400,
                "ValidationError");
        refused("{\"query\":\"{ AddressService { nope } }\"}", "application/json", 200, "ValidationError");
    }

    @Test
    void mutationOverGetIs405WithoutRunning() throws Exception {
        String query = "query Q { __typename } mutation M { ResidentService { addResident(addressId: \"a1\", name: \"Mallory\") { id } } }";
        try (LogCapture log = new LogCapture()) {
            HttpResponse<String> response = fixture.get("/graphql?operationName=M&query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
            assertEquals(405, response.statusCode());
            assertEquals("POST", response.headers().firstValue("Allow").orElse(""));
            assertEquals("MutationOverGet", fixture.json.readTree(response.body()).at("/errors/0/extensions/classification").asText());
            assertQuietLog(log.records());
        }
        String residents = fixture.post("/graphql", "application/graphql", "{ AddressService { getAddresses { residents { name } } } }").body();
        assertFalse(residents.contains("Mallory"), residents);
    }

    @Test
    void eachOperationOfABatchSucceedsOrFailsOnItsOwn() throws Exception {
        try (LogCapture log = new LogCapture()) {
            HttpResponse<String> response = fixture.post("/graphql", "application/json", "[{\"query\":\"{ __typename }\"},"
                    + "{\"query\":\"" + TWO_OPERATIONS + "\"},{\"variables\":{}},{\"query\":\"{ AddressService { nope } }\"},"
                    + "{\"query\":\"query($id: String) { AddressService { getAddresses(id: $id) { city } } }\",\"variables\":{\"id\":\"a2\"}}]");
            assertEquals(200, response.statusCode());
            JsonNode results = fixture.json.readTree(response.body());
            assertEquals(5, results.size());
            assertEquals("Query", results.at("/0/data/__typename").asText());
            assertEquals("OperationNotFound", results.at("/1/errors/0/extensions/classification").asText());
            assertEquals("BadRequest", results.at("/2/errors/0/extensions/classification").asText());
            assertEquals("missing query: the request needs a non-empty string field 'query'", results.at("/2/errors/0/message").asText());
            assertEquals("ValidationError", results.at("/3/errors/0/extensions/classification").asText());
            assertEquals("Jena", results.at("/4/data/AddressService/getAddresses/0/city").asText());
            log.records().forEach(r -> assertNull(r.getThrown(), LogCapture.text(r)));
        }
    }

    @Test
    void batchSizeIsLimited() throws Exception {
        String eleven = "[" + String.join(",", java.util.Collections.nCopies(11, "{\"query\":\"{ __typename }\"}")) + "]";
        HttpResponse<String> tooMany = fixture.post("/graphql", "application/json", eleven);
        assertEquals(400, tooMany.statusCode());
        assertEquals("a batch may hold at most 10 operations, this one has 11",
                fixture.json.readTree(tooMany.body()).at("/errors/0/message").asText());
        HttpResponse<String> limited = fixture.post("/special/graphql", "application/json",
                "[{\"query\":\"{ __typename }\"},{\"query\":\"{ __typename }\"},{\"query\":\"{ __typename }\"}]");
        assertEquals(400, limited.statusCode(), "the second gateway's configured limit of 2");
    }

    @Test
    void unacceptableMediaTypeIs406() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json", "{\"query\":\"{ __typename }\"}", "Accept", "text/csv");
        assertEquals(406, response.statusCode());
    }

    @Test
    void unexpectedExceptionsAreMaskedWithAnErrorIdThatTheLogRepeats() throws Exception {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("osgi.graphql.query.marker", true);
        ServiceRegistration<?> registration = fixture.context().registerService(GreetingService.class.getName(), new Greeter(), properties);
        try (LogCapture log = new LogCapture()) {
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService"));
            log.clear();
            HttpResponse<String> response = fixture.post("/graphql", "application/json",
                    "{\"query\":\"{ GreetingService { broken hello(name: \\\"x\\\") } }\"}");
            assertEquals(200, response.statusCode(), "a field error is a partial response");
            JsonNode json = fixture.json.readTree(response.body());
            assertEquals("Hello x", json.at("/data/GreetingService/hello").asText());
            String id = json.at("/errors/0/extensions/errorId").asText();
            assertTrue(id.matches("[0-9a-f]{6,}"), response.body());
            assertEquals("internal error; error id " + id, json.at("/errors/0/message").asText());
            assertFalse(response.body().contains("db.internal") || response.body().contains("IllegalStateException"), response.body());
            LogRecord logged = log.records().stream().filter(r -> LogCapture.text(r).contains(id)).findFirst().orElseThrow();
            assertEquals("connection to db.internal:5432 refused for user app", logged.getThrown().getMessage());
            // the development switch shows the message (never the class or stack)
            HttpResponse<String> exposed = fixture.post("/special/graphql", "application/json", "{\"query\":\"{ GreetingService { broken } }\"}");
            assertEquals("connection to db.internal:5432 refused for user app",
                    fixture.json.readTree(exposed.body()).at("/errors/0/message").asText(), exposed.body());
        } finally {
            registration.unregister();
        }
    }

    @Test
    void clientExceptionsKeepTheirMessageAndCode() throws Exception {
        JsonNode json = fixture.query("/graphql", "mutation { ResidentService { addResident(addressId: \"zz\", name: \"X\") { id } } }", java.util.Map.of());
        assertEquals("unknown address zz", json.at("/errors/0/message").asText(), json.toString());
        assertEquals("UNKNOWN_ADDRESS", json.at("/errors/0/extensions/code").asText());
        assertEquals("[\"ResidentService\",\"addResident\"]", json.at("/errors/0/path").toString());
    }
}
