package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.ecore.EObject;

/** A stock-keeping unit: one size of a product and how many are in stock. */
public interface SKU extends EObject {
    String getCode();

    void setCode(String value);

    Size getSize();

    void setSize(Size value);

    int getStock();

    void setStock(int value);
}
