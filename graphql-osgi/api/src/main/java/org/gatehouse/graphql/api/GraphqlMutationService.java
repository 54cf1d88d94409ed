package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Marks a Declarative Services component whose service interfaces become GraphQL mutation types.
 *
 * <p>A component property type: bnd turns the elements into service properties with the prefix
 * {@code osgi.graphql.mutation.} ({@link GraphqlConstants#MUTATION_MARKER}, {@link GraphqlConstants#MUTATION_NAME},
 * {@link GraphqlConstants#MUTATION_SERVICE}). The same rules as {@link GraphqlQueryService} apply.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@ComponentPropertyType
@RequireGraphqlWhiteboard
public @interface GraphqlMutationService {
    /** Property prefix of all elements. */
    String PREFIX_ = "osgi.graphql.mutation.";

    /** Always true: this is what the whiteboard tracks. */
    boolean marker() default true;

    /** Name of the root field and of its type; defaults to the simple name of each exposed interface. */
    String name() default "";

    /** The interfaces to expose; empty means all interfaces the service is registered under. */
    Class<?>[] service() default {};
}
