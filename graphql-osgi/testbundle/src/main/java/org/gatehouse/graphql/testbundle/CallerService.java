package org.gatehouse.graphql.testbundle;

import graphql.schema.DataFetchingEnvironment;

/** Answers who the gateway's authenticator says the caller is. */
public interface CallerService {
    String whoami(DataFetchingEnvironment env);
}
