package org.gatehouse.graphql.emf.example.internal;

import org.gatehouse.graphql.api.GraphqlMutationService;
import org.gatehouse.graphql.emf.example.api.CatalogMutations;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ServiceScope;

/** Catalog mutations: the product is a ProductImpl the gateway built through the CatalogFactory. */
@Component(scope = ServiceScope.PROTOTYPE)
@GraphqlMutationService
public class CatalogMutationsImpl implements CatalogMutations {
    @Reference
    CatalogStore store;

    @Override
    public Product addProduct(String catalogId, Product product) {
        return store.addProduct(catalogId, product);
    }
}
