package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.schema.GraphQLSchema;
import java.util.List;
import org.gatehouse.graphql.api.dto.ServiceDTO;

/** The result of one schema build: the schema, the exposed services and what was left out. */
public record SchemaBuild(GraphQLSchema schema, List<ServiceDTO> services, List<BuildFailure> failures) {
    public SchemaBuild {
        services = List.copyOf(services);
        failures = List.copyOf(failures);
    }
}
