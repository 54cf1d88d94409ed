package org.gatehouse.graphql.whiteboard.internal.schema.mapped;

/** A Java interface: the whiteboard has no rule for it, only the test's type mapper has. */
public interface Shape {
    String name();

    int corners();
}
