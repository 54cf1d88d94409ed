package org.gatehouse.graphql.testbundle;

/** One method the gateway can map and one it cannot. */
public interface PartlyMappable {
    String fine();

    Opaque opaque();
}
