package org.gatehouse.graphql.example.api;

import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.example.model.Person;

/** Mutation service of the example. */
public interface ResidentService {
    /** Adds a new resident to an address and returns it; fails when the address does not exist. */
    Person addResident(@GraphqlArgument(value = "addressId", required = true) String addressId,
            @GraphqlArgument(value = "name", required = true) String name);
}
