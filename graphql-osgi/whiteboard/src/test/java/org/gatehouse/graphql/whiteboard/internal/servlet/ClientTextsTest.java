package org.gatehouse.graphql.whiteboard.internal.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** graphql-java's messages with Java class names and syntax-tree dumps become GraphQL words. */
class ClientTextsTest {

    @Test
    void javaClassNamesBecomeGraphqlKinds() {
        assertEquals("Variable 'id' has an invalid value: Expected a value that can be converted to type 'String' but it was an object",
                ClientTexts.clean("Variable 'id' has an invalid value: Expected a value that can be converted to type 'String'"
                        + " but it was a 'LinkedHashMap'"));
    }

    @Test
    void syntaxTreeDumpsBecomeTheKindOfValue() {
        assertEquals("Validation error (WrongType@[A/b]) : argument 'id' with value an input object is not a valid 'String'"
                + " - Expected a string but it was an input object",
                ClientTexts.clean("Validation error (WrongType@[A/b]) : argument 'id' with value 'ObjectValue{objectFields=[ObjectField"
                        + "{name='a', value=IntValue{value=1}}]}' is not a valid 'String' - Expected an AST type of 'StringValue'"
                        + " but it was a 'ObjectValue'"));
        assertEquals("Expected an integer or a float but it was a boolean",
                ClientTexts.clean("Expected an AST type of 'IntValue' or 'FloatValue' but it was a 'BooleanValue'"));
    }

    @Test
    void messagesWithoutJavaStayAsTheyAre() {
        String message = "Validation error (FieldUndefined@[AddressService/nope]) : Field 'nope' in type 'AddressService' is undefined";
        assertEquals(message, ClientTexts.clean(message));
    }
}
