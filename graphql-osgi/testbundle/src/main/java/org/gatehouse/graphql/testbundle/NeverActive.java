package org.gatehouse.graphql.testbundle;

/** Served by a component that cannot activate. */
public interface NeverActive {
    String never();
}
