package org.gatehouse.graphql.emf.example.internal;

import java.util.List;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.gatehouse.graphql.emf.example.api.CatalogQueries;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.Currency;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ServiceScope;

/** Catalog queries; prototype scope: the gateway takes one instance per request. */
@Component(scope = ServiceScope.PROTOTYPE)
@GraphqlQueryService
public class CatalogQueriesImpl implements CatalogQueries {
    @Reference
    CatalogStore store;

    @Override
    public List<Catalog> catalogs() {
        return store.catalogs();
    }

    @Override
    public CatalogEntry entry(String id) {
        return store.entry(id).orElse(null);
    }

    @Override
    public List<Product> products(Currency currency) {
        return store.products(currency);
    }
}
