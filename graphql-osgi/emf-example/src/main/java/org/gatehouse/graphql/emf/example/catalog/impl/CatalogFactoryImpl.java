package org.gatehouse.graphql.emf.example.catalog.impl;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.impl.EFactoryImpl;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogFactory;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.SKU;
import org.gatehouse.graphql.emf.example.catalog.Voucher;

/** The catalog model's factory, in the generator's shape. */
public class CatalogFactoryImpl extends EFactoryImpl implements CatalogFactory {
    public static CatalogFactory init() {
        if (EPackage.Registry.INSTANCE.getEFactory(CatalogPackage.eNS_URI) instanceof CatalogFactory registered) {
            return registered;
        }
        return new CatalogFactoryImpl();
    }

    @Override
    public EObject create(EClass eClass) {
        switch (eClass.getClassifierID()) {
            case CatalogPackage.CATALOG:
                return createCatalog();
            case CatalogPackage.PRODUCT:
                return createProduct();
            case CatalogPackage.VOUCHER:
                return createVoucher();
            case CatalogPackage.SKU:
                return createSKU();
            default:
                throw new IllegalArgumentException("The class '" + eClass.getName() + "' is not a valid classifier");
        }
    }

    @Override
    public Catalog createCatalog() {
        return new CatalogImpl();
    }

    @Override
    public Product createProduct() {
        return new ProductImpl();
    }

    @Override
    public Voucher createVoucher() {
        return new VoucherImpl();
    }

    @Override
    public SKU createSKU() {
        return new SKUImpl();
    }

    @Override
    public CatalogPackage getCatalogPackage() {
        return (CatalogPackage) getEPackage();
    }
}
