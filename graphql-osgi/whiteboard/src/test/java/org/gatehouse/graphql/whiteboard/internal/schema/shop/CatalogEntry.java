package org.gatehouse.graphql.whiteboard.internal.schema.shop;

import org.gatehouse.graphql.api.GraphqlInterface;

/**
 * Base class of the inheritance test model. An interface by choice ({@code @GraphqlInterface}): fields of
 * this type return subclasses as their own types.
 */
@GraphqlInterface
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
