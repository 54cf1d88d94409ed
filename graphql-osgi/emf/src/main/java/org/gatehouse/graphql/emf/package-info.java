/** EMF support for the GraphQL whiteboard: the one annotation a service interface may need. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.emf;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
