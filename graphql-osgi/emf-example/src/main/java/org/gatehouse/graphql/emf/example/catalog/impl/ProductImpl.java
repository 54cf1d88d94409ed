package org.gatehouse.graphql.emf.example.catalog.impl;

import java.math.BigDecimal;
import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EClass;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;
import org.gatehouse.graphql.emf.example.catalog.Currency;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.SKU;

/** Generated shape with reflective feature delegation. */
public class ProductImpl extends CatalogEntryImpl implements Product {
    protected ProductImpl() {}

    @Override
    protected EClass eStaticClass() {
        return CatalogPackage.Literals.PRODUCT;
    }

    @Override
    public BigDecimal getPrice() {
        return (BigDecimal) eDynamicGet(CatalogPackage.PRODUCT__PRICE, CatalogPackage.Literals.PRODUCT__PRICE, true, true);
    }

    @Override
    public void setPrice(BigDecimal value) {
        eDynamicSet(CatalogPackage.PRODUCT__PRICE, CatalogPackage.Literals.PRODUCT__PRICE, value);
    }

    @Override
    public Currency getCurrency() {
        return (Currency) eDynamicGet(CatalogPackage.PRODUCT__CURRENCY, CatalogPackage.Literals.PRODUCT__CURRENCY, true, true);
    }

    @Override
    public void setCurrency(Currency value) {
        eDynamicSet(CatalogPackage.PRODUCT__CURRENCY, CatalogPackage.Literals.PRODUCT__CURRENCY, value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public EList<SKU> getSkus() {
        return (EList<SKU>) eDynamicGet(CatalogPackage.PRODUCT__SKUS, CatalogPackage.Literals.PRODUCT__SKUS, true, true);
    }

    @Override
    @SuppressWarnings("unchecked")
    public EList<String> getTags() {
        return (EList<String>) eDynamicGet(CatalogPackage.PRODUCT__TAGS, CatalogPackage.Literals.PRODUCT__TAGS, true, true);
    }
}
