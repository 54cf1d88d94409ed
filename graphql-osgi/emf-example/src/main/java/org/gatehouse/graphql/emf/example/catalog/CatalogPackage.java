package org.gatehouse.graphql.emf.example.catalog;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.gatehouse.graphql.emf.example.catalog.impl.CatalogPackageImpl;

/**
 * The catalog model's package, written in the shape EMF's code generator gives (with reflective feature
 * delegation): classifier and feature ids, accessors for the meta objects, and their {@link Literals}.
 */
public interface CatalogPackage extends EPackage {
    String eNAME = "catalog";
    String eNS_URI = "http://gatehouse.org/graphql/example/catalog";
    String eNS_PREFIX = "catalog";

    CatalogPackage eINSTANCE = CatalogPackageImpl.init();

    int CATALOG = 0;
    int CATALOG__ID = 0;
    int CATALOG__NAME = 1;
    int CATALOG__ENTRIES = 2;
    int CATALOG__FEATURED = 3;

    int CATALOG_ENTRY = 1;
    int CATALOG_ENTRY__ID = 0;
    int CATALOG_ENTRY__NAME = 1;
    int CATALOG_ENTRY__DESCRIPTION = 2;
    int CATALOG_ENTRY_FEATURE_COUNT = 3;

    int PRODUCT = 2;
    int PRODUCT__PRICE = CATALOG_ENTRY_FEATURE_COUNT;
    int PRODUCT__CURRENCY = CATALOG_ENTRY_FEATURE_COUNT + 1;
    int PRODUCT__SKUS = CATALOG_ENTRY_FEATURE_COUNT + 2;
    int PRODUCT__TAGS = CATALOG_ENTRY_FEATURE_COUNT + 3;

    int VOUCHER = 3;
    int VOUCHER__AMOUNT = CATALOG_ENTRY_FEATURE_COUNT;
    int VOUCHER__VALID_UNTIL = CATALOG_ENTRY_FEATURE_COUNT + 1;

    int SKU = 4;
    int SKU__CODE = 0;
    int SKU__SIZE = 1;
    int SKU__STOCK = 2;

    int CURRENCY = 5;
    int SIZE = 6;

    EClass getCatalog();

    EAttribute getCatalog_Id();

    EAttribute getCatalog_Name();

    EReference getCatalog_Entries();

    EReference getCatalog_Featured();

    EClass getCatalogEntry();

    EAttribute getCatalogEntry_Id();

    EAttribute getCatalogEntry_Name();

    EAttribute getCatalogEntry_Description();

    EClass getProduct();

    EAttribute getProduct_Price();

    EAttribute getProduct_Currency();

    EReference getProduct_Skus();

    EAttribute getProduct_Tags();

    EClass getVoucher();

    EAttribute getVoucher_Amount();

    EAttribute getVoucher_ValidUntil();

    EClass getSKU();

    EAttribute getSKU_Code();

    EAttribute getSKU_Size();

    EAttribute getSKU_Stock();

    EEnum getCurrency();

    EEnum getSize();

    CatalogFactory getCatalogFactory();

    /** The meta objects as constants, used by the implementation classes. */
    interface Literals {
        EClass CATALOG = eINSTANCE.getCatalog();
        EAttribute CATALOG__ID = eINSTANCE.getCatalog_Id();
        EAttribute CATALOG__NAME = eINSTANCE.getCatalog_Name();
        EReference CATALOG__ENTRIES = eINSTANCE.getCatalog_Entries();
        EReference CATALOG__FEATURED = eINSTANCE.getCatalog_Featured();
        EClass CATALOG_ENTRY = eINSTANCE.getCatalogEntry();
        EAttribute CATALOG_ENTRY__ID = eINSTANCE.getCatalogEntry_Id();
        EAttribute CATALOG_ENTRY__NAME = eINSTANCE.getCatalogEntry_Name();
        EAttribute CATALOG_ENTRY__DESCRIPTION = eINSTANCE.getCatalogEntry_Description();
        EClass PRODUCT = eINSTANCE.getProduct();
        EAttribute PRODUCT__PRICE = eINSTANCE.getProduct_Price();
        EAttribute PRODUCT__CURRENCY = eINSTANCE.getProduct_Currency();
        EReference PRODUCT__SKUS = eINSTANCE.getProduct_Skus();
        EAttribute PRODUCT__TAGS = eINSTANCE.getProduct_Tags();
        EClass VOUCHER = eINSTANCE.getVoucher();
        EAttribute VOUCHER__AMOUNT = eINSTANCE.getVoucher_Amount();
        EAttribute VOUCHER__VALID_UNTIL = eINSTANCE.getVoucher_ValidUntil();
        EClass SKU = eINSTANCE.getSKU();
        EAttribute SKU__CODE = eINSTANCE.getSKU_Code();
        EAttribute SKU__SIZE = eINSTANCE.getSKU_Size();
        EAttribute SKU__STOCK = eINSTANCE.getSKU_Stock();
    }
}
