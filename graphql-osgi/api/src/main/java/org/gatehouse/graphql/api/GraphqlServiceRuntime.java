package org.gatehouse.graphql.api;

import org.gatehouse.graphql.api.dto.RuntimeDTO;

/**
 * Registered by each gateway next to its servlet. Its {@code service.changecount} property counts
 * successful schema builds, and its service properties include the gateway's configuration.
 */
public interface GraphqlServiceRuntime {
    /** A snapshot of the current schema state: exposed services, rejected ones and the last build error. */
    RuntimeDTO getRuntimeDTO();

    /** The SDL of the schema being served. */
    String getSchemaSdl();
}
