package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.ecore.EFactory;
import org.gatehouse.graphql.emf.example.catalog.impl.CatalogFactoryImpl;

/** Creates the catalog model's objects; the gateway creates input objects through it, too. */
public interface CatalogFactory extends EFactory {
    CatalogFactory eINSTANCE = CatalogFactoryImpl.init();

    Catalog createCatalog();

    Product createProduct();

    Voucher createVoucher();

    SKU createSKU();

    CatalogPackage getCatalogPackage();
}
