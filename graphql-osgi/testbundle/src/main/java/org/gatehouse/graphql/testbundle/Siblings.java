package org.gatehouse.graphql.testbundle;

/** Fields that fail with Errors next to one that answers. */
public interface Siblings {
    String ok();

    String error();

    String deep();
}
