package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.GraphQL;
import java.util.Map;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.osgi.framework.ServiceReference;

/**
 * One immutable generation of the schema: the executable GraphQL, its SDL and the service references
 * its root fields call. Requests take one snapshot at their start, so a rebuild never changes the schema
 * under a running request.
 */
public record SchemaSnapshot(GraphQL graphql, SchemaBuild build, String sdl, Map<Long, ServiceReference<?>> references) {
    public SchemaSnapshot {
        references = Map.copyOf(references);
    }
}
