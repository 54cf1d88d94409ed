package org.gatehouse.graphql.launcher.services;

/** A second interface of one service: with a shared name both merge into one GraphQL type. */
public interface FarewellService {
    String bye(String name);
}
