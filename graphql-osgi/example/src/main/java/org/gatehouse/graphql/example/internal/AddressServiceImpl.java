package org.gatehouse.graphql.example.internal;

import java.util.List;
import org.gatehouse.graphql.api.GraphqlQueryService;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.model.Address;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Stateless, so one instance serves every request (the gateway holds it while it is registered). A
 * service with per-request state would use {@code scope = ServiceScope.PROTOTYPE}: one instance per
 * request, released when the request ends.
 */
@Component
@GraphqlQueryService
public class AddressServiceImpl implements AddressService {
    @Reference
    AddressBook book;

    @Override
    public List<Address> getAddresses(String id) {
        return book.find(id);
    }
}
