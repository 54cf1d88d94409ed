package org.gatehouse.graphql.testbundle;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.CoercingSerializeException;
import graphql.schema.GraphQLScalarType;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import org.gatehouse.graphql.api.mapping.GraphqlScalar;
import org.osgi.service.component.annotations.Component;

/** An additional scalar: {@code Duration} as ISO-8601 text ({@code PT1M30S}). */
@Component
public class DurationScalar implements GraphqlScalar {
    private static final GraphQLScalarType SCALAR = GraphQLScalarType.newScalar()
            .name("Duration")
            .description("An ISO-8601 duration such as PT1M30S")
            .coercing(new Coercing<Duration, String>() {
                @Override
                public String serialize(Object value, GraphQLContext context, Locale locale) {
                    if (value instanceof Duration duration) {
                        return duration.toString();
                    }
                    throw new CoercingSerializeException("not a Duration: " + value);
                }

                @Override
                public Duration parseValue(Object input, GraphQLContext context, Locale locale) {
                    return parse(String.valueOf(input), CoercingParseValueException::new);
                }

                @Override
                public Duration parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
                    if (input instanceof StringValue text) {
                        return parse(text.getValue(), CoercingParseLiteralException::new);
                    }
                    throw new CoercingParseLiteralException("a Duration is written as a string such as \"PT1M\"");
                }
            })
            .build();

    private static Duration parse(String text, java.util.function.Function<String, RuntimeException> error) {
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw error.apply("not an ISO-8601 duration: " + text);
        }
    }

    @Override
    public GraphQLScalarType scalar() {
        return SCALAR;
    }

    @Override
    public Set<Class<?>> javaTypes() {
        return Set.of(Duration.class);
    }
}
