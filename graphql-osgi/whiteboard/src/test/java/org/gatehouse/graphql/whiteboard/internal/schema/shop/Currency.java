package org.gatehouse.graphql.whiteboard.internal.schema.shop;

/** An enum in the test model. */
public enum Currency {
    EUR,
    USD
}
