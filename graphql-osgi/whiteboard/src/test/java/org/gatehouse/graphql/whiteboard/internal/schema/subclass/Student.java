package org.gatehouse.graphql.whiteboard.internal.schema.subclass;

import org.gatehouse.graphql.example.model.Person;

/** A subclass of the example's Person that another bundle could add. */
public class Student extends Person {
    private final String school;

    public Student(String id, String name, String school) {
        super(id, name);
        this.school = school;
    }

    public String getSchool() {
        return school;
    }
}
