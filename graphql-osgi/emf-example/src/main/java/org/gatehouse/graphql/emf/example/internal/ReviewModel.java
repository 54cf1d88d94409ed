package org.gatehouse.graphql.emf.example.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.impl.EcoreResourceFactoryImpl;

/** Loads the reviews EPackage from {@code model/reviews.ecore} in this bundle: dynamic EMF, no generated code. */
public final class ReviewModel {
    private ReviewModel() {}

    public static EPackage load() {
        Resource resource = new EcoreResourceFactoryImpl().createResource(URI.createURI("reviews.ecore"));
        new ResourceSetImpl().getResources().add(resource);
        try (InputStream in = ReviewModel.class.getResourceAsStream("/model/reviews.ecore")) {
            if (in == null) {
                throw new IllegalStateException("model/reviews.ecore is missing from the bundle");
            }
            resource.load(in, null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load model/reviews.ecore", e);
        }
        return (EPackage) resource.getContents().get(0);
    }
}
