package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a service method that loads many keys at once for the single-key method named by
 * {@link #value()}. The batch method takes one {@code List} of keys and returns a {@code List} of
 * results in the same order. Within one request, every call of the single-key method (aliases, batched
 * HTTP operations) is collected by a graphql-java DataLoader and answered by one call of the batch method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface GraphqlBatch {
    /** Name of the single-key method this method batches; it must have exactly one argument. */
    String value();
}
