package org.gatehouse.graphql.emf.internal.library;

import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.emf.GraphqlEClass;

/** A query service over the dynamic library model: every object is a DynamicEObjectImpl. */
public interface LibraryService {
    String NS = "http://gatehouse.test/library";

    @GraphqlEClass(nsURI = NS, value = "Library")
    EObject library();

    @GraphqlEClass(nsURI = NS, value = "Item")
    List<EObject> items();

    /** Not mappable: an EObject whose class nobody names. */
    EObject anything();
}
