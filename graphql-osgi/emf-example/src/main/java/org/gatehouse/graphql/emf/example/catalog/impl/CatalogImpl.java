package org.gatehouse.graphql.emf.example.catalog.impl;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;

/** Generated shape with reflective feature delegation: values live in EMF's dynamic settings. */
public class CatalogImpl extends MinimalEObjectImpl.Container implements Catalog {
    protected CatalogImpl() {}

    @Override
    protected EClass eStaticClass() {
        return CatalogPackage.Literals.CATALOG;
    }

    @Override
    protected int eStaticFeatureCount() {
        return 0;
    }

    @Override
    public String getId() {
        return (String) eDynamicGet(CatalogPackage.CATALOG__ID, CatalogPackage.Literals.CATALOG__ID, true, true);
    }

    @Override
    public void setId(String value) {
        eDynamicSet(CatalogPackage.CATALOG__ID, CatalogPackage.Literals.CATALOG__ID, value);
    }

    @Override
    public String getName() {
        return (String) eDynamicGet(CatalogPackage.CATALOG__NAME, CatalogPackage.Literals.CATALOG__NAME, true, true);
    }

    @Override
    public void setName(String value) {
        eDynamicSet(CatalogPackage.CATALOG__NAME, CatalogPackage.Literals.CATALOG__NAME, value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public EList<CatalogEntry> getEntries() {
        return (EList<CatalogEntry>) eDynamicGet(CatalogPackage.CATALOG__ENTRIES, CatalogPackage.Literals.CATALOG__ENTRIES, true, true);
    }

    @Override
    public CatalogEntry getFeatured() {
        return (CatalogEntry) eDynamicGet(CatalogPackage.CATALOG__FEATURED, CatalogPackage.Literals.CATALOG__FEATURED, true, true);
    }

    @Override
    public void setFeatured(CatalogEntry value) {
        eDynamicSet(CatalogPackage.CATALOG__FEATURED, CatalogPackage.Literals.CATALOG__FEATURED, value);
    }
}
