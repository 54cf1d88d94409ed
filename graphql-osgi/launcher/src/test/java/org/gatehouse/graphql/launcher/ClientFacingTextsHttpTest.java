package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.Hashtable;
import java.util.Map;
import org.gatehouse.graphql.launcher.services.Greeter;
import org.gatehouse.graphql.launcher.services.GreetingService;
import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceRegistration;

/**
 * What clients read: error texts without Java class names or syntax-tree dumps, refusals before parsing in
 * the media type the client accepts, EMF lists that refuse a null element in validation, and 64-bit
 * {@code Long}s as strings on a gateway that asks for it.
 */
class ClientFacingTextsHttpTest extends RuntimeTestBase {
    private static final String ONLY_GRAPHQL_RESPONSE = "application/graphql-response+json";

    @Test
    void coercionErrorsNameGraphqlKindsNotJavaClasses() throws Exception {
        JsonNode variable = fixture.query("/graphql", "query($id: String) { AddressService { getAddresses(id: $id) { id } } }",
                Map.of("id", Map.of("a", 1)));
        String message = variable.at("/errors/0/message").asText();
        assertTrue(message.contains("but it was an object") && !message.contains("LinkedHashMap"), message);
        JsonNode literal = fixture.query("/graphql", "{ AddressService { getAddresses(id: {a: 1}) { id } } }", Map.of());
        String text = literal.at("/errors/0/message").asText();
        assertTrue(text.contains("argument 'id' with value an input object is not a valid 'String'"), text);
        assertFalse(text.contains("ObjectValue") || text.contains("StringValue"), text);
    }

    @Test
    void refusalsBeforeParsingAnswerInTheAcceptedMediaType() throws Exception {
        HttpResponse<String> malformed = fixture.post("/graphql", "application/json", "{\"query\":", "Accept", ONLY_GRAPHQL_RESPONSE);
        assertEquals(400, malformed.statusCode());
        assertEquals(ONLY_GRAPHQL_RESPONSE, mediaType(malformed), malformed.body());
        HttpResponse<String> unsupported = fixture.post("/graphql", "text/csv", "a,b", "Accept", ONLY_GRAPHQL_RESPONSE);
        assertEquals(415, unsupported.statusCode());
        assertEquals(ONLY_GRAPHQL_RESPONSE, mediaType(unsupported));
        String tooMany = "[" + String.join(",", java.util.Collections.nCopies(11, "{\"query\":\"{ __typename }\"}")) + "]";
        HttpResponse<String> batch = fixture.post("/graphql", "application/json", tooMany, "Accept", ONLY_GRAPHQL_RESPONSE);
        assertEquals(400, batch.statusCode());
        assertEquals(ONLY_GRAPHQL_RESPONSE, mediaType(batch));
        HttpResponse<String> legacy = fixture.post("/graphql", "application/json", "{\"query\":", "Accept", "application/json");
        assertEquals("application/json", mediaType(legacy));
    }

    @Test
    void aNullInAnEmfListIsRefusedByValidation() throws Exception {
        JsonNode json = fixture.query("/graphql", "mutation { CatalogMutations { addProduct(catalogId: \"c1\", product: {id: \"p77\","
                + " name: \"Lamp\", price: 5, currency: EUR, skus: [{code: \"p77-s\", size: S, stock: 1}, null]}) { id } } }", Map.of());
        assertEquals("ValidationError", json.at("/errors/0/extensions/classification").asText(), json.toString());
        assertTrue(json.at("/data").isMissingNode(), "nothing ran: " + json);
        String sdl = fixture.awaitSchema("/graphql", s -> s.contains("CatalogMutations"));
        assertTrue(sdl.contains("skus: [SKU!]!") && sdl.contains("skus: [SKUInput!]"), sdl);
    }

    @Test
    void longsTravelAsStringsOnAGatewaySetForJavaScript() throws Exception {
        fixture.createGateway("js", Map.of("osgi.http.whiteboard.servlet.pattern", "/js/graphql/*", "osgi.graphql.long.as.string", true));
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("osgi.graphql.query.marker", true);
        ServiceRegistration<?> registration = fixture.context().registerService(new String[] {GreetingService.class.getName()},
                new Greeter(), properties);
        try {
            fixture.awaitSchema("/js/graphql", s -> s.contains("GreetingService"));
            fixture.awaitSchema("/graphql", s -> s.contains("GreetingService"));
            assertEquals("{\"data\":{\"GreetingService\":{\"big\":\"9007199254740993\"}}}",
                    fixture.query("/js/graphql", "{ GreetingService { big } }", Map.of()).toString());
            assertEquals("{\"data\":{\"GreetingService\":{\"big\":9007199254740993}}}",
                    fixture.query("/graphql", "{ GreetingService { big } }", Map.of()).toString(), "other gateways keep numbers");
        } finally {
            registration.unregister();
            fixture.deleteConfiguration("GraphqlWhiteboard", "js");
        }
    }

    private static String mediaType(HttpResponse<String> response) {
        return response.headers().firstValue("Content-Type").orElse("").split(";")[0];
    }
}
