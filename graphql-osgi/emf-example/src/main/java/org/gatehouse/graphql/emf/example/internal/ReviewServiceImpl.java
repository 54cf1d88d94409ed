package org.gatehouse.graphql.emf.example.internal;

import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.api.GraphqlMutationService;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.gatehouse.graphql.emf.example.api.ReviewMutations;
import org.gatehouse.graphql.emf.example.api.ReviewQueries;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ServiceScope;

/** One component offering a query and a mutation interface over the dynamic reviews model. */
@Component(scope = ServiceScope.PROTOTYPE)
@GraphqlQueryService(service = ReviewQueries.class)
@GraphqlMutationService(service = ReviewMutations.class)
public class ReviewServiceImpl implements ReviewQueries, ReviewMutations {
    @Reference
    ReviewBook book;

    @Override
    public List<EObject> reviews(String productId) {
        return book.reviews(productId);
    }

    @Override
    public EObject addReview(EObject review) {
        return book.add(review);
    }
}
