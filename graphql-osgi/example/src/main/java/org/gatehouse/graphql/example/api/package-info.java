/** Service interfaces of the example. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.example.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
