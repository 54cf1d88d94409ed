package org.gatehouse.graphql.emf.internal;

import java.lang.reflect.Field;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.ecore.EPackage;

/**
 * Finds the EPackage of a generated model class without a registration: EMF's code generator puts the
 * package interface {@code <Prefix>Package}, with its {@code eINSTANCE}, into the Java package of the model
 * interfaces, and its default prefix is the last segment of that Java package, capitalised
 * ({@code com.acme.catalog.Product} has {@code com.acme.catalog.CatalogPackage}). A model generated with
 * another prefix is found when its EPackage is registered as a service.
 */
final class GeneratedPackages {
    private GeneratedPackages() {}

    /** The EPackage next to a generated model class or enum, or null. */
    static EPackage of(Class<?> type) {
        if (!EObject.class.isAssignableFrom(type) && !Enumerator.class.isAssignableFrom(type)) {
            return null;
        }
        String javaPackage = type.getPackageName();
        String last = javaPackage.substring(javaPackage.lastIndexOf('.') + 1);
        if (last.isEmpty()) {
            return null;
        }
        String name = javaPackage + "." + Character.toUpperCase(last.charAt(0)) + last.substring(1) + "Package";
        try {
            Class<?> packageInterface = Class.forName(name, true, type.getClassLoader());
            Field instance = packageInterface.getField("eINSTANCE");
            return instance.get(null) instanceof EPackage ePackage ? ePackage : null;
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
