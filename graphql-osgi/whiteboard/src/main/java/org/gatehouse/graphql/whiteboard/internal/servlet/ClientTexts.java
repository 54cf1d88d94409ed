package org.gatehouse.graphql.whiteboard.internal.servlet;

import graphql.ExecutionResult;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps Java out of the texts clients read. graphql-java's coercion and validation messages name Java
 * classes ({@code but it was a 'LinkedHashMap'}) and print syntax-tree objects
 * ({@code with value 'ObjectValue{objectFields=[...]}'}); these become GraphQL words ("an input object",
 * "a list", ...), the rest of the message (field, rule, expected type) stays.
 */
final class ClientTexts {
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("ObjectValue", "an input object"), Map.entry("ArrayValue", "a list"), Map.entry("StringValue", "a string"),
            Map.entry("IntValue", "an integer"), Map.entry("FloatValue", "a float"), Map.entry("BooleanValue", "a boolean"),
            Map.entry("EnumValue", "an enum value"), Map.entry("NullValue", "null"), Map.entry("VariableReference", "a variable"),
            Map.entry("LinkedHashMap", "an object"), Map.entry("HashMap", "an object"), Map.entry("Map", "an object"),
            Map.entry("ArrayList", "a list"), Map.entry("List", "a list"), Map.entry("String", "a string"),
            Map.entry("Integer", "a number"), Map.entry("Long", "a number"), Map.entry("Double", "a number"),
            Map.entry("BigInteger", "a number"), Map.entry("BigDecimal", "a number"), Map.entry("Boolean", "a boolean"));
    /** A syntax-tree object printed by toString, up to the quote that ends the value in graphql-java's messages. */
    private static final Pattern AST_VALUE = Pattern.compile("'(ObjectValue|ArrayValue|StringValue|IntValue|FloatValue|BooleanValue"
            + "|EnumValue|NullValue|VariableReference)\\{.*?\\}'(?= (?:is|must|contains)\\b|$| -)");
    /** "it was a 'LinkedHashMap'", "an AST type of 'StringValue'", "... or 'FloatValue'". */
    private static final Pattern CLASS_NAME = Pattern.compile("(?:a|an AST type of|or) '([A-Za-z]+)'");

    private ClientTexts() {}

    static ExecutionResult clean(ExecutionResult result) {
        List<GraphQLError> errors = result.getErrors();
        if (errors.isEmpty() || errors.stream().noneMatch(e -> e.getMessage() != null && !clean(e.getMessage()).equals(e.getMessage()))) {
            return result;
        }
        List<GraphQLError> cleaned = errors.stream().map(ClientTexts::clean).toList();
        return result.transform(builder -> builder.errors(cleaned));
    }

    private static GraphQLError clean(GraphQLError error) {
        String message = error.getMessage() == null ? null : clean(error.getMessage());
        if (message == null || message.equals(error.getMessage())) {
            return error;
        }
        GraphqlErrorBuilder<?> builder = GraphqlErrorBuilder.newError().message(message).errorType(error.getErrorType())
                .locations(error.getLocations()).extensions(error.getExtensions());
        if (error.getPath() != null) {
            builder.path(error.getPath());
        }
        return builder.build();
    }

    static String clean(String message) {
        Matcher ast = AST_VALUE.matcher(message);
        StringBuilder text = new StringBuilder();
        while (ast.find()) {
            ast.appendReplacement(text, Matcher.quoteReplacement(WORDS.get(ast.group(1))));
        }
        ast.appendTail(text);
        Matcher names = CLASS_NAME.matcher(text.toString());
        StringBuilder out = new StringBuilder();
        while (names.find()) {
            String word = WORDS.get(names.group(1));
            String prefix = names.group().startsWith("or ") ? "or " : "";
            names.appendReplacement(out, Matcher.quoteReplacement(word == null ? names.group() : prefix + word));
        }
        names.appendTail(out);
        return out.toString();
    }
}
