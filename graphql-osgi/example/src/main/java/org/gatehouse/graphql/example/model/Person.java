package org.gatehouse.graphql.example.model;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;

/** A person with an address and relatives. */
public class Person {
    private String id;
    private String name;
    private Address address;
    private final List<Person> relatives = new CopyOnWriteArrayList<>();

    public Person() {}

    public Person(String id, String name) {
        this.id = id;
        this.name = name;
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Address getAddress() {
        return address;
    }

    public void setAddress(Address address) {
        this.address = address;
    }

    /** A live, thread-safe list: relatives are added through it. */
    public List<Person> getRelatives() {
        return relatives;
    }
}
