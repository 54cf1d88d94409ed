package org.gatehouse.graphql.whiteboard.internal.schema.shop;

import java.util.List;

/** A product made of other products: a second level of inheritance. */
public class Bundle extends Product {
    private final List<Product> parts;

    public Bundle(String id, String name, List<Product> parts) {
        super(id, name, null, 0, Currency.EUR, List.of());
        this.parts = parts;
    }

    public List<Product> getParts() {
        return parts;
    }
}
