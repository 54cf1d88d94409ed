/** Annotations and constants for exposing OSGi services through the GraphQL whiteboard. */
@Version("1.1.0")
@Export
package org.gatehouse.graphql.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
