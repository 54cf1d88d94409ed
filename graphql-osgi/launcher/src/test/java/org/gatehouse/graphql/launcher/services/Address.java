package org.gatehouse.graphql.launcher.services;

/** An interface whose name clashes with the example's Address type: its schema cannot be built. */
public interface Address {
    String clash();
}
