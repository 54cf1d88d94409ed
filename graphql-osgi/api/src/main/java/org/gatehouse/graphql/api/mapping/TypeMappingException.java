package org.gatehouse.graphql.api.mapping;

/**
 * Thrown by a {@link TypeMapping} for a type it handles but cannot map; the method, parameter or attribute
 * using the type is left out of the schema and reported with this message.
 */
public class TypeMappingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TypeMappingException(String message) {
        super(message);
    }
}
