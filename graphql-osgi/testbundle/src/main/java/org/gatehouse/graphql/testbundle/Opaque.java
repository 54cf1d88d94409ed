package org.gatehouse.graphql.testbundle;

/** A class with no getters: GraphQL has nothing to read from it, so no type can be made of it. */
public final class Opaque {
    final String secret = "hidden";
}
