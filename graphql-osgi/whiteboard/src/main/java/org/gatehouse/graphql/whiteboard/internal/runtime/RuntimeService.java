package org.gatehouse.graphql.whiteboard.internal.runtime;

import org.gatehouse.graphql.api.GraphqlServiceRuntime;
import org.gatehouse.graphql.api.dto.RuntimeDTO;

/** The runtime service of one gateway: DTO and SDL of the current schema. */
final class RuntimeService implements GraphqlServiceRuntime {
    private final SchemaManager manager;

    RuntimeService(SchemaManager manager) {
        this.manager = manager;
    }

    @Override
    public RuntimeDTO getRuntimeDTO() {
        return manager.runtimeDTO();
    }

    @Override
    public String getSchemaSdl() {
        return manager.current().sdl();
    }
}
