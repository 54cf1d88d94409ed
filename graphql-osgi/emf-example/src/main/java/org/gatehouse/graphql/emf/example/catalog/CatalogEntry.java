package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.ecore.EObject;

/** What a catalog lists; abstract: every entry is a {@link Product} or a {@link Voucher}. */
public interface CatalogEntry extends EObject {
    String getId();

    void setId(String value);

    String getName();

    void setName(String value);

    String getDescription();

    void setDescription(String value);
}
