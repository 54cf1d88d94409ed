package org.gatehouse.graphql.whiteboard.internal.servlet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gatehouse.graphql.whiteboard.internal.servlet.ParsedBody.ParsedOperation;

/**
 * Reads GraphQL requests in the GraphQL-over-HTTP formats: GET parameters {@code query},
 * {@code variables} (JSON), {@code operationName}; a POST body of type {@code application/json} holding one
 * request object or an array of them (a batch, at most {@code maxBatchSize}); a POST body of type
 * {@code application/graphql} holding the query text. Anything else is a {@link BadRequestException} with a
 * precise status and message; in a batch, each item that cannot be read gets its own error.
 */
final class RequestParser {
    private static final TypeReference<Map<String, Object>> STRING_OBJECT = new TypeReference<>() {};

    private final ObjectMapper mapper;
    private final int maxBatchSize;

    RequestParser(ObjectMapper mapper, int maxBatchSize) {
        this.mapper = mapper;
        this.maxBatchSize = maxBatchSize;
    }

    GraphqlRequest fromParameters(String query, String variables, String operationName) throws BadRequestException {
        if (query == null || query.isBlank()) {
            throw new BadRequestException(400, "missing query parameter");
        }
        Map<String, Object> vars = variables == null || variables.isBlank()
                ? Map.of() : variables(parse(variables.getBytes(StandardCharsets.UTF_8), "variables"));
        return new GraphqlRequest(query, blankToNull(operationName), vars);
    }

    /** The requests of a POST body; a batch when the JSON is an array. */
    ParsedBody fromBody(String contentType, byte[] body) throws BadRequestException {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (type.startsWith("application/graphql") && !type.startsWith("application/graphql-response")) {
            String query = new String(body, StandardCharsets.UTF_8);
            return new ParsedBody(List.of(ParsedOperation.of(fromParameters(query, null, null))), false);
        }
        if (!type.startsWith("application/json")) {
            throw new BadRequestException(415, "unsupported content type '" + contentType
                    + "'; use application/json or application/graphql");
        }
        JsonNode json = parse(body, "request body");
        if (!json.isArray()) {
            return new ParsedBody(List.of(ParsedOperation.of(fromObject(json))), false);
        }
        if (maxBatchSize == 0) {
            throw new BadRequestException(400, "batches (JSON arrays) are turned off on this gateway; send one request object");
        }
        if (json.isEmpty()) {
            throw new BadRequestException(400, "empty batch");
        }
        if (json.size() > maxBatchSize) {
            throw new BadRequestException(400, "a batch may hold at most " + maxBatchSize + " operations, this one has " + json.size());
        }
        List<ParsedOperation> batch = new ArrayList<>(json.size());
        for (JsonNode item : json) {
            try {
                batch.add(ParsedOperation.of(fromObject(item)));
            } catch (BadRequestException e) {
                batch.add(new ParsedOperation(null, e));
            }
        }
        return new ParsedBody(batch, true);
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
            vars = vars.asText().isBlank() ? null : parse(vars.asText().getBytes(StandardCharsets.UTF_8), "variables");
        }
        return new GraphqlRequest(query.asText(), operationName == null || operationName.isNull() ? null : blankToNull(operationName.asText()),
                vars == null || vars.isNull() ? Map.of() : variables(vars));
    }

    private Map<String, Object> variables(JsonNode vars) throws BadRequestException {
        if (!vars.isObject()) {
            throw new BadRequestException(400, "variables must be a JSON object");
        }
        return vars.isEmpty() ? Map.of() : mapper.convertValue(vars, STRING_OBJECT);
    }

    private JsonNode parse(byte[] text, String what) throws BadRequestException {
        try {
            JsonNode node = mapper.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new BadRequestException(400, "empty " + what + "; expected JSON");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new BadRequestException(400, "malformed JSON in " + what + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadRequestException(400, "unreadable " + what + ": " + e.getMessage());
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
