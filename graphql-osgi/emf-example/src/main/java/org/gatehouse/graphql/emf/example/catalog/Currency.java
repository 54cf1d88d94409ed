package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.common.util.Enumerator;

/** The currency of a price. */
public enum Currency implements Enumerator {
    EUR(0, "EUR"),
    USD(1, "USD");

    private final int value;
    private final String literal;

    Currency(int value, String literal) {
        this.value = value;
        this.literal = literal;
    }

    @Override
    public int getValue() {
        return value;
    }

    @Override
    public String getName() {
        return name();
    }

    @Override
    public String getLiteral() {
        return literal;
    }
}
