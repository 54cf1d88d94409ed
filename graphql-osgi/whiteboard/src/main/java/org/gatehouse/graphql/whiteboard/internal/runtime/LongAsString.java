package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.language.IntValue;
import graphql.language.StringValue;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.CoercingSerializeException;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLSchemaElement;
import graphql.schema.GraphQLTypeVisitorStub;
import graphql.schema.SchemaTransformer;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;

/**
 * The gateway setting {@code osgi.graphql.long.as.string}: the schema's {@code Long} scalar keeps its name
 * but is written as a JSON string, and read from a string or a number, so JavaScript clients get 64-bit
 * values unrounded.
 */
final class LongAsString {
    private LongAsString() {}

    static final GraphQLScalarType SCALAR = GraphQLScalarType.newScalar()
            .name("Long")
            .description("A 64-bit integer, written as a JSON string (\"9007199254740993\") so JavaScript keeps every digit;"
                    + " accepted as a string or a number")
            .coercing(new TextCoercing())
            .build();

    /** The schema with its {@code Long} scalar replaced, or the schema itself when it has none. */
    static GraphQLSchema apply(GraphQLSchema schema) {
        if (schema.getType("Long") == null) {
            return schema;
        }
        return SchemaTransformer.transformSchema(schema, new GraphQLTypeVisitorStub() {
            @Override
            public TraversalControl visitGraphQLScalarType(GraphQLScalarType node, TraverserContext<GraphQLSchemaElement> context) {
                return node.getName().equals("Long") && node != SCALAR ? changeNode(context, SCALAR) : TraversalControl.CONTINUE;
            }
        });
    }

    @SuppressWarnings("deprecation")
    private static final class TextCoercing implements Coercing<Long, String> {
        @Override
        public String serialize(Object value) {
            if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
                return value.toString();
            }
            throw new CoercingSerializeException("a Long field returned something that is not a whole number");
        }

        @Override
        public Long parseValue(Object input) {
            try {
                if (input instanceof Number number && number.longValue() == number.doubleValue()) {
                    return number.longValue();
                }
                if (input instanceof String text) {
                    return Long.parseLong(text.trim());
                }
            } catch (NumberFormatException e) {
                // answered below
            }
            throw new CoercingParseValueException("a Long is a whole number from -2^63 to 2^63-1, sent as a string"
                    + " (\"9007199254740993\") or a number");
        }

        @Override
        public Long parseLiteral(Object input) {
            try {
                if (input instanceof StringValue text) {
                    return Long.parseLong(text.getValue().trim());
                }
                if (input instanceof IntValue number) {
                    return number.getValue().longValueExact();
                }
            } catch (NumberFormatException | ArithmeticException e) {
                // answered below
            }
            throw new CoercingParseLiteralException("a Long is a whole number from -2^63 to 2^63-1, written as a string"
                    + " (\"9007199254740993\") or a number");
        }
    }
}
