package org.gatehouse.graphql.whiteboard.internal.schema;

/**
 * Carries an {@link Error} a service method or getter threw (a {@code StackOverflowError}, an assertion, an
 * {@code Error} of the service's own), so graphql-java handles it like any exception: as the error of that
 * one field, while its siblings keep their data. The masking exception handler logs the original.
 */
public final class ResolverError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ResolverError(Error cause) {
        super(cause.toString(), cause, false, false);
    }
}
