package org.gatehouse.graphql.whiteboard.internal.schema.shop;

/** An input object: arrives as a map and is bound to this class. */
public class ProductFilter {
    private String namePrefix;
    private Currency currency;

    public String getNamePrefix() {
        return namePrefix;
    }

    public void setNamePrefix(String namePrefix) {
        this.namePrefix = namePrefix;
    }

    public Currency getCurrency() {
        return currency;
    }

    public void setCurrency(Currency currency) {
        this.currency = currency;
    }
}
