package org.gatehouse.graphql.example.internal;

import java.util.List;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.model.Address;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ServiceScope;

/** Prototype scope: the gateway takes one instance per request, so no state is shared between requests. */
@Component(scope = ServiceScope.PROTOTYPE)
@GraphqlQueryService
public class AddressServiceImpl implements AddressService {
    @Reference
    AddressBook book;

    @Override
    public List<Address> getAddresses(String id) {
        return book.find(id);
    }
}
