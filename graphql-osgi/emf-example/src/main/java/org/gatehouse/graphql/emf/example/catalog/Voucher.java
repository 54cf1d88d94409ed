package org.gatehouse.graphql.emf.example.catalog;

import java.math.BigDecimal;
import java.util.Date;

/** A gift voucher worth a fixed amount. */
public interface Voucher extends CatalogEntry {
    BigDecimal getAmount();

    void setAmount(BigDecimal value);

    Date getValidUntil();

    void setValidUntil(Date value);
}
