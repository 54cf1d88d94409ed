package org.gatehouse.graphql.emf.example.api;

import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.emf.example.catalog.Product;

/** Mutations over the catalog model: the product arrives as an EObject built from ProductInput. */
public interface CatalogMutations {
    @GraphqlDocumentation("Adds a product, with its SKUs, to a catalog and returns it as stored.")
    Product addProduct(@GraphqlArgument(value = "catalogId", required = true) String catalogId,
            @GraphqlArgument(value = "product", required = true) Product product);
}
