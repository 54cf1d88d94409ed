package org.gatehouse.graphql.emf.example.catalog;

/** The currency of a price. */
public enum Currency implements NamedEnumerator {
    EUR,
    USD
}
