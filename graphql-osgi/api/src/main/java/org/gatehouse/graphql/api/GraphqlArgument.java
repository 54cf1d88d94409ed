package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names a GraphQL argument. Without it the real parameter name is used (compile with {@code -parameters});
 * a bundle compiled without it gets {@code arg0, arg1...}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface GraphqlArgument {
    /** The argument name. */
    String value();

    /** True makes a reference-typed argument non-null ({@code String!}); primitives are always non-null. */
    boolean required() default false;
}
