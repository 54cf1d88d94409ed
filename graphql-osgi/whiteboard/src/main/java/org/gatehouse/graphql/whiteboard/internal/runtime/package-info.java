/**
 * The OSGi side of a gateway: configuration, service tracking, schema generations and the runtime service.
 * The bundle provides the {@code osgi.implementation} capability that {@code @RequireGraphqlWhiteboard}
 * asks for; its name and version come from {@link org.gatehouse.graphql.api.GraphqlConstants}, so the two
 * cannot drift apart.
 */
@Capability(
        namespace = "osgi.implementation",
        name = GraphqlConstants.IMPLEMENTATION,
        version = GraphqlConstants.SPECIFICATION_VERSION,
        uses = {GraphqlServiceRuntime.class, RuntimeDTO.class})
package org.gatehouse.graphql.whiteboard.internal.runtime;

import org.gatehouse.graphql.api.GraphqlConstants;
import org.gatehouse.graphql.api.GraphqlServiceRuntime;
import org.gatehouse.graphql.api.dto.RuntimeDTO;
import org.osgi.annotation.bundle.Capability;
