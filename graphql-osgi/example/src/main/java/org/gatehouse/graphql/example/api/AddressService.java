package org.gatehouse.graphql.example.api;

import java.util.List;
import org.gatehouse.graphql.example.model.Address;

/** Query service of the example. */
public interface AddressService {
    /** Addresses with the given id, or all addresses when id is null. */
    List<Address> getAddresses(String id);
}
