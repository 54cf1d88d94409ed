package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.common.util.Enumerator;

/** The size of a stock-keeping unit. */
public enum Size implements Enumerator {
    S(0, "S"),
    M(1, "M"),
    L(2, "L"),
    XL(3, "XL");

    private final int value;
    private final String literal;

    Size(int value, String literal) {
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
