package org.gatehouse.graphql.emf.example.catalog;

import java.math.BigDecimal;
import org.eclipse.emf.common.util.EList;

/** A product with a price and its stock-keeping units. */
public interface Product extends CatalogEntry {
    BigDecimal getPrice();

    void setPrice(BigDecimal value);

    Currency getCurrency();

    void setCurrency(Currency value);

    /** The variants in stock, contained in the product. */
    EList<SKU> getSkus();

    EList<String> getTags();
}
