/** The example model: addresses and the people living there. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.example.model;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
