package org.gatehouse.graphql.whiteboard.internal.schema.subclass;

import java.util.List;

/** A service of an unrelated bundle that returns the subclass. */
public interface StudentService {
    List<Student> students();
}
