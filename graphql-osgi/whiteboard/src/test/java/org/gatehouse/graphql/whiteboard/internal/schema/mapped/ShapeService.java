package org.gatehouse.graphql.whiteboard.internal.schema.mapped;

import java.util.List;
import org.gatehouse.graphql.api.GraphqlArgument;

/** Service of the type-mapper seam test. */
public interface ShapeService {
    List<Shape> shapes();

    /** Receives shapes built by the mapper's converter and reports what arrived. */
    String describe(@GraphqlArgument(value = "shapes", required = true) List<Shape> shapes, Shape extra);

    /** Refused by the test mapper (TypeMappingException): left out, the rest still works. */
    Refused refused();

    /** The element type the test mapper refuses. */
    interface Refused {}
}
