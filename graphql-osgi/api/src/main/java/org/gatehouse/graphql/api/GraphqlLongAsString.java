package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a service method or model getter returning {@code long}, {@code Long} or a list of them: the field is
 * typed {@code String} and its values are written as decimal text ({@code "9007199254740993"}), because
 * JavaScript numbers hold integers exactly only up to 2^53. For a whole gateway (inputs too), set
 * {@link GraphqlConstants#LONG_AS_STRING} instead.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface GraphqlLongAsString {}
