package org.gatehouse.graphql.emf.example.catalog.impl;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;
import org.gatehouse.graphql.emf.example.catalog.SKU;
import org.gatehouse.graphql.emf.example.catalog.Size;

/** Generated shape with reflective feature delegation. */
public class SKUImpl extends MinimalEObjectImpl.Container implements SKU {
    protected SKUImpl() {}

    @Override
    protected EClass eStaticClass() {
        return CatalogPackage.Literals.SKU;
    }

    @Override
    protected int eStaticFeatureCount() {
        return 0;
    }

    @Override
    public String getCode() {
        return (String) eDynamicGet(CatalogPackage.SKU__CODE, CatalogPackage.Literals.SKU__CODE, true, true);
    }

    @Override
    public void setCode(String value) {
        eDynamicSet(CatalogPackage.SKU__CODE, CatalogPackage.Literals.SKU__CODE, value);
    }

    @Override
    public Size getSize() {
        return (Size) eDynamicGet(CatalogPackage.SKU__SIZE, CatalogPackage.Literals.SKU__SIZE, true, true);
    }

    @Override
    public void setSize(Size value) {
        eDynamicSet(CatalogPackage.SKU__SIZE, CatalogPackage.Literals.SKU__SIZE, value);
    }

    @Override
    public int getStock() {
        return (Integer) eDynamicGet(CatalogPackage.SKU__STOCK, CatalogPackage.Literals.SKU__STOCK, true, true);
    }

    @Override
    public void setStock(int value) {
        eDynamicSet(CatalogPackage.SKU__STOCK, CatalogPackage.Literals.SKU__STOCK, value);
    }
}
