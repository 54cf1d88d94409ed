package org.gatehouse.graphql.emf;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the EClass of a service method's {@code EObject} result (or of the elements of a list result), or
 * of an {@code EObject} parameter, where the Java type alone does not say it: dynamic EMF, whose objects
 * are all {@code DynamicEObjectImpl}. Generated model interfaces do not need it. The EPackage must be in
 * the schema: registered as an {@code org.eclipse.emf.ecore.EPackage} service, or reached from another
 * service's types.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.PARAMETER})
public @interface GraphqlEClass {
    /** The nsURI of the EPackage that holds the class. */
    String nsURI();

    /** The name of the EClass. */
    String value();
}
