package org.gatehouse.graphql.whiteboard.internal.schema.shop;

import java.math.BigDecimal;
import java.util.List;
import org.gatehouse.graphql.api.GraphqlInterface;

/**
 * A catalog entry with a price, stock and tags. An interface by choice ({@code @GraphqlInterface}): fields
 * of this type return subclasses as their own types.
 */
@GraphqlInterface
public class Product extends CatalogEntry {
    private final BigDecimal price;
    private final long stock;
    private final Currency currency;
    private final List<String> tags;

    public Product(String id, String name, BigDecimal price, long stock, Currency currency, List<String> tags) {
        super(id, name);
        this.price = price;
        this.stock = stock;
        this.currency = currency;
        this.tags = tags;
    }

    public BigDecimal getPrice() {
        return price;
    }

    public long getStock() {
        return stock;
    }

    public Currency getCurrency() {
        return currency;
    }

    public List<String> getTags() {
        return tags;
    }

    public boolean isAvailable() {
        return stock > 0;
    }

    public static String getIgnoredStatic() {
        return "never in the schema";
    }
}
