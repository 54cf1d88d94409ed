package org.gatehouse.graphql.example.model;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;

/** A postal address and the people living there. */
public class Address {
    private String id;
    private String street;
    private String number;
    private String zipCode;
    private String city;
    private final List<Person> residents = new CopyOnWriteArrayList<>();

    public Address() {}

    public Address(String id, String street, String number, String zipCode, String city) {
        this.id = id;
        this.street = street;
        this.number = number;
        this.zipCode = zipCode;
        this.city = city;
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getStreet() {
        return street;
    }

    public void setStreet(String street) {
        this.street = street;
    }

    public String getNumber() {
        return number;
    }

    public void setNumber(String number) {
        this.number = number;
    }

    public String getZipCode() {
        return zipCode;
    }

    public void setZipCode(String zipCode) {
        this.zipCode = zipCode;
    }

    public String getCity() {
        return city;
    }

    public void setCity(String city) {
        this.city = city;
    }

    /** A live, thread-safe list: residents are added through it. */
    public List<Person> getResidents() {
        return residents;
    }
}
