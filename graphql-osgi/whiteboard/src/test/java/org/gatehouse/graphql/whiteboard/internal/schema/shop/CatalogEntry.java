package org.gatehouse.graphql.whiteboard.internal.schema.shop;

/** Base class of the inheritance test model. */
public class CatalogEntry {
    private final String id;
    private final String name;

    public CatalogEntry(String id, String name) {
        this.id = id;
        this.name = name;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
