/** The catalog model (EMF, generated code shape): Catalog, CatalogEntry, Product, Voucher, SKU, Currency, Size. */
@Version("1.0.0")
@Export
package org.gatehouse.graphql.emf.example.catalog;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
