package org.gatehouse.graphql.emf.example.api;

import java.util.List;
import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.api.GraphqlUnionType;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.Currency;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.Voucher;

/** Queries over the catalog model (generated EMF code). */
public interface CatalogQueries {
    @GraphqlDocumentation("All catalogs with their entries.")
    List<Catalog> catalogs();

    @GraphqlDocumentation("A product or a voucher by id; the union says which.")
    @GraphqlUnionType({Product.class, Voucher.class})
    CatalogEntry entry(@GraphqlArgument(value = "id", required = true) String id);

    @GraphqlDocumentation("Products of every catalog, optionally only those priced in one currency.")
    List<Product> products(Currency currency);
}
