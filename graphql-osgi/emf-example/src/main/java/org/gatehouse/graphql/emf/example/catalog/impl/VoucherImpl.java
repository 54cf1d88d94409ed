package org.gatehouse.graphql.emf.example.catalog.impl;

import java.math.BigDecimal;
import java.util.Date;
import org.eclipse.emf.ecore.EClass;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;
import org.gatehouse.graphql.emf.example.catalog.Voucher;

/** Generated shape with reflective feature delegation. */
public class VoucherImpl extends CatalogEntryImpl implements Voucher {
    protected VoucherImpl() {}

    @Override
    protected EClass eStaticClass() {
        return CatalogPackage.Literals.VOUCHER;
    }

    @Override
    public BigDecimal getAmount() {
        return (BigDecimal) eDynamicGet(CatalogPackage.VOUCHER__AMOUNT, CatalogPackage.Literals.VOUCHER__AMOUNT, true, true);
    }

    @Override
    public void setAmount(BigDecimal value) {
        eDynamicSet(CatalogPackage.VOUCHER__AMOUNT, CatalogPackage.Literals.VOUCHER__AMOUNT, value);
    }

    @Override
    public Date getValidUntil() {
        return (Date) eDynamicGet(CatalogPackage.VOUCHER__VALID_UNTIL, CatalogPackage.Literals.VOUCHER__VALID_UNTIL, true, true);
    }

    @Override
    public void setValidUntil(Date value) {
        eDynamicSet(CatalogPackage.VOUCHER__VALID_UNTIL, CatalogPackage.Literals.VOUCHER__VALID_UNTIL, value);
    }
}
