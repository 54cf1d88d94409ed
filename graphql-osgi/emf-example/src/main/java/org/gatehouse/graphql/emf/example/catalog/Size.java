package org.gatehouse.graphql.emf.example.catalog;

/** The size of a stock-keeping unit. */
public enum Size implements NamedEnumerator {
    S,
    M,
    L,
    XL
}
