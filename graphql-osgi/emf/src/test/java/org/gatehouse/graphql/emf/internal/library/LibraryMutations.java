package org.gatehouse.graphql.emf.internal.library;

import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.emf.GraphqlEClass;

/** A mutation service over the dynamic library model. */
public interface LibraryMutations {
    /** Adds the book built from the input and returns it. */
    @GraphqlEClass(nsURI = LibraryService.NS, value = "Book")
    EObject addBook(@GraphqlEClass(nsURI = LibraryService.NS, value = "Book") EObject book);

    /** Not mappable: an abstract class cannot be built from input. */
    String addItem(@GraphqlEClass(nsURI = LibraryService.NS, value = "Item") EObject item);
}
