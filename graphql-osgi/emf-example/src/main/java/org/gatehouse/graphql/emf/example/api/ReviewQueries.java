package org.gatehouse.graphql.emf.example.api;

import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.emf.GraphqlEClass;

/** Queries over the reviews model, dynamic EMF: its objects are DynamicEObjectImpls, so the EClass is named. */
public interface ReviewQueries {
    /** nsURI of the reviews EPackage (model/reviews.ecore). */
    String NS = "http://gatehouse.org/graphql/example/reviews";

    @GraphqlDocumentation("Reviews, all or those of one product.")
    @GraphqlEClass(nsURI = NS, value = "Review")
    List<EObject> reviews(String productId);
}
