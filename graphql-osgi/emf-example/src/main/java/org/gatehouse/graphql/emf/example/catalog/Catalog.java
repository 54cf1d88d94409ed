package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;

/** A catalog: a named collection of entries, one of which may be featured. */
public interface Catalog extends EObject {
    String getId();

    void setId(String value);

    String getName();

    void setName(String value);

    /** The entries, contained in the catalog. */
    EList<CatalogEntry> getEntries();

    /** One of the entries (a plain reference, not a containment). */
    CatalogEntry getFeatured();

    void setFeatured(CatalogEntry value);
}
