package org.gatehouse.graphql.whiteboard.internal.servlet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads GraphQL requests in the GraphQL-over-HTTP formats: GET parameters {@code query},
 * {@code variables} (JSON), {@code operationName}; a POST body of type {@code application/json} holding one
 * request object or an array of them (a batch); a POST body of type {@code application/graphql} holding
 * the query text. Anything else is a {@link BadRequestException} with a precise status and message.
 */
final class RequestParser {
    private final ObjectMapper mapper;

    RequestParser(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    GraphqlRequest fromParameters(String query, String variables, String operationName) throws BadRequestException {
        if (query == null || query.isBlank()) {
            throw new BadRequestException(400, "missing query parameter");
        }
        Map<String, Object> vars = variables == null || variables.isBlank() ? Map.of() : variables(parse(variables, "variables"));
        return new GraphqlRequest(query, blankToNull(operationName), vars);
    }

    /** The requests of a POST body; a batch when the JSON is an array. */
    ParsedBody fromBody(String contentType, byte[] body) throws BadRequestException {
        String type = contentType == null ? "" : contentType.toLowerCase(java.util.Locale.ROOT);
        if (type.startsWith("application/graphql") && !type.startsWith("application/graphql-response")) {
            String query = new String(body, StandardCharsets.UTF_8);
            return new ParsedBody(List.of(fromParameters(query, null, null)), false);
        }
        if (!type.startsWith("application/json")) {
            throw new BadRequestException(415, "unsupported content type '" + contentType
                    + "'; use application/json or application/graphql");
        }
        JsonNode json = parse(new String(body, StandardCharsets.UTF_8), "request body");
        if (json.isArray()) {
            if (json.isEmpty()) {
                throw new BadRequestException(400, "empty batch");
            }
            List<GraphqlRequest> batch = new ArrayList<>();
            for (JsonNode item : json) {
                batch.add(fromObject(item));
            }
            return new ParsedBody(batch, true);
        }
        return new ParsedBody(List.of(fromObject(json)), false);
    }

    private GraphqlRequest fromObject(JsonNode json) throws BadRequestException {
        if (!json.isObject()) {
            throw new BadRequestException(400, "a request must be a JSON object with a query");
        }
        JsonNode query = json.get("query");
        if (query == null || !query.isTextual() || query.asText().isBlank()) {
            throw new BadRequestException(400, "missing query: the request needs a non-empty string field 'query'");
        }
        JsonNode operationName = json.get("operationName");
        if (operationName != null && !operationName.isNull() && !operationName.isTextual()) {
            throw new BadRequestException(400, "operationName must be a string");
        }
        JsonNode vars = json.get("variables");
        if (vars != null && vars.isTextual()) {
            vars = vars.asText().isBlank() ? null : parse(vars.asText(), "variables");
        }
        return new GraphqlRequest(query.asText(), operationName == null || operationName.isNull() ? null : operationName.asText(),
                vars == null || vars.isNull() ? Map.of() : variables(vars));
    }

    private Map<String, Object> variables(JsonNode vars) throws BadRequestException {
        if (!vars.isObject()) {
            throw new BadRequestException(400, "variables must be a JSON object");
        }
        return mapper.convertValue(vars, MapType.STRING_OBJECT);
    }

    private JsonNode parse(String text, String what) throws BadRequestException {
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadRequestException(400, "malformed JSON in " + what + ": " + e.getOriginalMessage());
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** Jackson type token for Map<String, Object>. */
    private static final class MapType extends com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>> {
        static final MapType STRING_OBJECT = new MapType();
    }
}
