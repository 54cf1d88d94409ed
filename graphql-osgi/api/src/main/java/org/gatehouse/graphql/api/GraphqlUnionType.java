package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes the return type of a service method a GraphQL union of the listed classes, for a method that
 * returns a base class and may return subclasses. The union is named {@code <ReturnClass>Union}; each
 * member is the object type of that class ({@code <Class>Impl} when the class is part of a hierarchy).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface GraphqlUnionType {
    /** The member classes; at least one. */
    Class<?>[] value();
}
