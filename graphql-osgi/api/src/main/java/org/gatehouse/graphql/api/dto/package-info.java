/** Runtime DTOs of the GraphQL whiteboard. */
@Version("1.1.0")
@Export
package org.gatehouse.graphql.api.dto;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
