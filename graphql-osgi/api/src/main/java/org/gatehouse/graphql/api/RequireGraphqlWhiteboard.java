package org.gatehouse.graphql.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.annotation.bundle.Requirement;

/**
 * Adds a requirement on the GraphQL whiteboard implementation to the bundle that uses it, so a resolver
 * pulls the gateway in (modelled on {@code @RequireHttpWhiteboard}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.PACKAGE})
@Requirement(
        namespace = "osgi.implementation",
        name = GraphqlConstants.IMPLEMENTATION,
        version = GraphqlConstants.SPECIFICATION_VERSION)
public @interface RequireGraphqlWhiteboard {}
