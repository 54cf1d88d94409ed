/**
 * The type-mapping seam of the GraphQL whiteboard: a bundle that knows a kind of Java type the whiteboard
 * has no rule for (the EMF bundle: {@code EObject} classes and {@code Enumerator}s) registers a
 * {@link org.gatehouse.graphql.api.mapping.GraphqlTypeMapper} service, and every gateway asks it before its
 * own rules on each schema build. Without such a service nothing changes.
 */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.api.mapping;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
