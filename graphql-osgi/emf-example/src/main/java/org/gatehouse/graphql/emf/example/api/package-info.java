/** The EMF example's service interfaces. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.emf.example.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
