package org.gatehouse.graphql.whiteboard.internal.schema;

/** A Java type that has no GraphQL mapping; the method or property using it is left out and reported. */
public class MappingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MappingException(String message) {
        super(message);
    }
}
