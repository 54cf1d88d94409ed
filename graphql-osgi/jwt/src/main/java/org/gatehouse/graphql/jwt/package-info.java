/** The principal of requests authenticated by the JWT authenticator. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.jwt;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
