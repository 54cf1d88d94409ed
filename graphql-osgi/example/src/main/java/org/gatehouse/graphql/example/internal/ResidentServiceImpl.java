package org.gatehouse.graphql.example.internal;

import org.gatehouse.graphql.api.GraphqlMutationService;
import org.gatehouse.graphql.example.api.ResidentService;
import org.gatehouse.graphql.example.model.Person;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** The example's mutation service (stateless: one instance, like AddressServiceImpl). */
@Component
@GraphqlMutationService
public class ResidentServiceImpl implements ResidentService {
    @Reference
    AddressBook book;

    @Override
    public Person addResident(String addressId, String name) {
        return book.addResident(addressId, name);
    }
}
