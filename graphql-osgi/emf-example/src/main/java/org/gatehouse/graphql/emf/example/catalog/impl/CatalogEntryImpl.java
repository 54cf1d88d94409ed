package org.gatehouse.graphql.emf.example.catalog.impl;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;

/** Generated shape with reflective feature delegation; abstract like its EClass. */
public abstract class CatalogEntryImpl extends MinimalEObjectImpl.Container implements CatalogEntry {
    protected CatalogEntryImpl() {}

    @Override
    protected EClass eStaticClass() {
        return CatalogPackage.Literals.CATALOG_ENTRY;
    }

    @Override
    protected int eStaticFeatureCount() {
        return 0;
    }

    @Override
    public String getId() {
        return (String) eDynamicGet(CatalogPackage.CATALOG_ENTRY__ID, CatalogPackage.Literals.CATALOG_ENTRY__ID, true, true);
    }

    @Override
    public void setId(String value) {
        eDynamicSet(CatalogPackage.CATALOG_ENTRY__ID, CatalogPackage.Literals.CATALOG_ENTRY__ID, value);
    }

    @Override
    public String getName() {
        return (String) eDynamicGet(CatalogPackage.CATALOG_ENTRY__NAME, CatalogPackage.Literals.CATALOG_ENTRY__NAME, true, true);
    }

    @Override
    public void setName(String value) {
        eDynamicSet(CatalogPackage.CATALOG_ENTRY__NAME, CatalogPackage.Literals.CATALOG_ENTRY__NAME, value);
    }

    @Override
    public String getDescription() {
        return (String) eDynamicGet(CatalogPackage.CATALOG_ENTRY__DESCRIPTION, CatalogPackage.Literals.CATALOG_ENTRY__DESCRIPTION, true, true);
    }

    @Override
    public void setDescription(String value) {
        eDynamicSet(CatalogPackage.CATALOG_ENTRY__DESCRIPTION, CatalogPackage.Literals.CATALOG_ENTRY__DESCRIPTION, value);
    }
}
