package org.gatehouse.graphql.example.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gatehouse.graphql.api.GraphqlClientException;
import org.gatehouse.graphql.example.model.Address;
import org.gatehouse.graphql.example.model.Person;
import org.osgi.service.component.annotations.Component;

/** The example's in-memory data, shared by the query and the mutation service. */
@Component(service = AddressBook.class)
public class AddressBook {
    private final Map<String, Address> addresses = new ConcurrentHashMap<>();
    private final AtomicInteger nextPerson = new AtomicInteger(1);

    public AddressBook() {
        Address gera = add(new Address("a1", "Kornmarkt", "12", "07545", "Gera"));
        Address jena = add(new Address("a2", "Markt", "1", "07743", "Jena"));
        Person anna = resident(gera, "Anna Schmidt");
        Person ben = resident(gera, "Ben Schmidt");
        Person clara = resident(jena, "Clara Vogel");
        relate(anna, ben);
        relate(anna, clara);
    }

    /** Addresses by id, or all of them (sorted by id) when id is null. */
    public List<Address> find(String id) {
        if (id != null) {
            Address address = addresses.get(id);
            return address == null ? List.of() : List.of(address);
        }
        List<Address> all = new ArrayList<>(addresses.values());
        all.sort((a, b) -> a.getId().compareTo(b.getId()));
        return all;
    }

    /** Adds a resident; an unknown address is an error the client sees (a GraphqlClientException keeps its message). */
    public Person addResident(String addressId, String name) {
        Address address = addresses.get(addressId);
        if (address == null) {
            throw new GraphqlClientException("unknown address " + addressId, "UNKNOWN_ADDRESS");
        }
        if (name == null || name.isBlank()) {
            throw new GraphqlClientException("name must not be empty", "EMPTY_NAME");
        }
        return resident(address, name);
    }

    private Address add(Address address) {
        addresses.put(address.getId(), address);
        return address;
    }

    private Person resident(Address address, String name) {
        Person person = new Person("p" + nextPerson.getAndIncrement(), name);
        person.setAddress(address);
        address.getResidents().add(person);
        return person;
    }

    private static void relate(Person a, Person b) {
        a.getRelatives().add(b);
        b.getRelatives().add(a);
    }
}
