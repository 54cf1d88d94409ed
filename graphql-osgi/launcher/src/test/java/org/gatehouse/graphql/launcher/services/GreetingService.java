package org.gatehouse.graphql.launcher.services;

/** A GraphQL service the tests register at run time, through the system bundle. */
public interface GreetingService {
    String hello(String name);

    long big();

    String slow();

    /** Throws an unexpected exception whose message must not reach clients. */
    String broken();
}
