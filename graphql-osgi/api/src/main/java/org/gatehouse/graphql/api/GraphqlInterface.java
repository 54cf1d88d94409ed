package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a concrete model class: map it as {@code interface <Class>} plus {@code type <Class>Impl}, so that a
 * field of this class can return instances of subclasses as their own types. Without it a concrete class
 * is always {@code type <Class>}, whatever subclasses other bundles add, so type names never change
 * under a client's feet; abstract classes are always interfaces.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface GraphqlInterface {}
