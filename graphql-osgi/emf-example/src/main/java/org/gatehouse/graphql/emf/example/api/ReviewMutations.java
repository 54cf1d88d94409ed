package org.gatehouse.graphql.emf.example.api;

import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.emf.GraphqlEClass;

/** Mutations over the reviews model (dynamic EMF). */
public interface ReviewMutations {
    @GraphqlDocumentation("Adds a review of an existing product and returns it.")
    @GraphqlEClass(nsURI = ReviewQueries.NS, value = "Review")
    EObject addReview(@GraphqlArgument(value = "review", required = true)
            @GraphqlEClass(nsURI = ReviewQueries.NS, value = "Review") EObject review);
}
