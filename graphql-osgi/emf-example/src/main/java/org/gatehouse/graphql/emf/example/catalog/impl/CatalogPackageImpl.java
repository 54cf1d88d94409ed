package org.gatehouse.graphql.emf.example.catalog.impl;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.impl.EPackageImpl;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.CatalogFactory;
import org.gatehouse.graphql.emf.example.catalog.CatalogPackage;
import org.gatehouse.graphql.emf.example.catalog.Currency;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.SKU;
import org.gatehouse.graphql.emf.example.catalog.Size;
import org.gatehouse.graphql.emf.example.catalog.Voucher;

/**
 * The catalog model's package in the generator's shape: {@link #init()} creates the meta objects, then
 * initialises their types, bounds and supertypes, freezes the package and registers it globally.
 */
public class CatalogPackageImpl extends EPackageImpl implements CatalogPackage {
    private static boolean isInited;

    private EClass catalogEClass;
    private EClass catalogEntryEClass;
    private EClass productEClass;
    private EClass voucherEClass;
    private EClass skuEClass;
    private EEnum currencyEEnum;
    private EEnum sizeEEnum;

    private CatalogPackageImpl() {
        super(eNS_URI, CatalogFactory.eINSTANCE);
    }

    public static CatalogPackage init() {
        if (isInited) {
            return (CatalogPackage) EPackage.Registry.INSTANCE.getEPackage(eNS_URI);
        }
        CatalogPackageImpl thePackage = EPackage.Registry.INSTANCE.get(eNS_URI) instanceof CatalogPackageImpl registered
                ? registered : new CatalogPackageImpl();
        isInited = true;
        thePackage.createPackageContents();
        thePackage.initializePackageContents();
        thePackage.freeze();
        EPackage.Registry.INSTANCE.put(eNS_URI, thePackage);
        return thePackage;
    }

    private void createPackageContents() {
        catalogEClass = createEClass(CATALOG);
        createEAttribute(catalogEClass, CATALOG__ID);
        createEAttribute(catalogEClass, CATALOG__NAME);
        createEReference(catalogEClass, CATALOG__ENTRIES);
        createEReference(catalogEClass, CATALOG__FEATURED);
        catalogEntryEClass = createEClass(CATALOG_ENTRY);
        createEAttribute(catalogEntryEClass, CATALOG_ENTRY__ID);
        createEAttribute(catalogEntryEClass, CATALOG_ENTRY__NAME);
        createEAttribute(catalogEntryEClass, CATALOG_ENTRY__DESCRIPTION);
        productEClass = createEClass(PRODUCT);
        createEAttribute(productEClass, PRODUCT__PRICE);
        createEAttribute(productEClass, PRODUCT__CURRENCY);
        createEReference(productEClass, PRODUCT__SKUS);
        createEAttribute(productEClass, PRODUCT__TAGS);
        voucherEClass = createEClass(VOUCHER);
        createEAttribute(voucherEClass, VOUCHER__AMOUNT);
        createEAttribute(voucherEClass, VOUCHER__VALID_UNTIL);
        skuEClass = createEClass(SKU);
        createEAttribute(skuEClass, SKU__CODE);
        createEAttribute(skuEClass, SKU__SIZE);
        createEAttribute(skuEClass, SKU__STOCK);
        currencyEEnum = createEEnum(CURRENCY);
        sizeEEnum = createEEnum(SIZE);
    }

    private void initializePackageContents() {
        setName(eNAME);
        setNsPrefix(eNS_PREFIX);
        setNsURI(eNS_URI);
        EcorePackage ecore = EcorePackage.eINSTANCE;
        productEClass.getESuperTypes().add(catalogEntryEClass);
        voucherEClass.getESuperTypes().add(catalogEntryEClass);

        initEClass(catalogEClass, Catalog.class, "Catalog", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getCatalog_Id(), ecore.getEString(), "id", null, 1, 1, Catalog.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getCatalog_Name(), ecore.getEString(), "name", null, 1, 1, Catalog.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getCatalog_Entries(), catalogEntryEClass, null, "entries", null, 0, -1, Catalog.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getCatalog_Featured(), catalogEntryEClass, null, "featured", null, 0, 1, Catalog.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_COMPOSITE, IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(catalogEntryEClass, CatalogEntry.class, "CatalogEntry", IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getCatalogEntry_Id(), ecore.getEString(), "id", null, 1, 1, CatalogEntry.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getCatalogEntry_Name(), ecore.getEString(), "name", null, 1, 1, CatalogEntry.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getCatalogEntry_Description(), ecore.getEString(), "description", null, 0, 1, CatalogEntry.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(productEClass, Product.class, "Product", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getProduct_Price(), ecore.getEBigDecimal(), "price", null, 1, 1, Product.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getProduct_Currency(), currencyEEnum, "currency", null, 1, 1, Product.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getProduct_Skus(), skuEClass, null, "skus", null, 0, -1, Product.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getProduct_Tags(), ecore.getEString(), "tags", null, 0, -1, Product.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, !IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(voucherEClass, Voucher.class, "Voucher", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getVoucher_Amount(), ecore.getEBigDecimal(), "amount", null, 1, 1, Voucher.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getVoucher_ValidUntil(), ecore.getEDate(), "validUntil", null, 0, 1, Voucher.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(skuEClass, SKU.class, "SKU", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getSKU_Code(), ecore.getEString(), "code", null, 1, 1, SKU.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getSKU_Size(), sizeEEnum, "size", null, 1, 1, SKU.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getSKU_Stock(), ecore.getEInt(), "stock", null, 0, 1, SKU.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEEnum(currencyEEnum, Currency.class, "Currency");
        for (Currency literal : Currency.values()) {
            addEEnumLiteral(currencyEEnum, literal);
        }
        initEEnum(sizeEEnum, Size.class, "Size");
        for (Size literal : Size.values()) {
            addEEnumLiteral(sizeEEnum, literal);
        }
        addAnnotation(productEClass, "http://www.eclipse.org/emf/2002/GenModel",
                new String[] {"documentation", "A product with a price and its stock-keeping units."});
        createResource(eNS_URI);
    }

    @Override
    public EClass getCatalog() {
        return catalogEClass;
    }

    @Override
    public EAttribute getCatalog_Id() {
        return (EAttribute) catalogEClass.getEStructuralFeatures().get(0);
    }

    @Override
    public EAttribute getCatalog_Name() {
        return (EAttribute) catalogEClass.getEStructuralFeatures().get(1);
    }

    @Override
    public EReference getCatalog_Entries() {
        return (EReference) catalogEClass.getEStructuralFeatures().get(2);
    }

    @Override
    public EReference getCatalog_Featured() {
        return (EReference) catalogEClass.getEStructuralFeatures().get(3);
    }

    @Override
    public EClass getCatalogEntry() {
        return catalogEntryEClass;
    }

    @Override
    public EAttribute getCatalogEntry_Id() {
        return (EAttribute) catalogEntryEClass.getEStructuralFeatures().get(0);
    }

    @Override
    public EAttribute getCatalogEntry_Name() {
        return (EAttribute) catalogEntryEClass.getEStructuralFeatures().get(1);
    }

    @Override
    public EAttribute getCatalogEntry_Description() {
        return (EAttribute) catalogEntryEClass.getEStructuralFeatures().get(2);
    }

    @Override
    public EClass getProduct() {
        return productEClass;
    }

    @Override
    public EAttribute getProduct_Price() {
        return (EAttribute) productEClass.getEStructuralFeatures().get(0);
    }

    @Override
    public EAttribute getProduct_Currency() {
        return (EAttribute) productEClass.getEStructuralFeatures().get(1);
    }

    @Override
    public EReference getProduct_Skus() {
        return (EReference) productEClass.getEStructuralFeatures().get(2);
    }

    @Override
    public EAttribute getProduct_Tags() {
        return (EAttribute) productEClass.getEStructuralFeatures().get(3);
    }

    @Override
    public EClass getVoucher() {
        return voucherEClass;
    }

    @Override
    public EAttribute getVoucher_Amount() {
        return (EAttribute) voucherEClass.getEStructuralFeatures().get(0);
    }

    @Override
    public EAttribute getVoucher_ValidUntil() {
        return (EAttribute) voucherEClass.getEStructuralFeatures().get(1);
    }

    @Override
    public EClass getSKU() {
        return skuEClass;
    }

    @Override
    public EAttribute getSKU_Code() {
        return (EAttribute) skuEClass.getEStructuralFeatures().get(0);
    }

    @Override
    public EAttribute getSKU_Size() {
        return (EAttribute) skuEClass.getEStructuralFeatures().get(1);
    }

    @Override
    public EAttribute getSKU_Stock() {
        return (EAttribute) skuEClass.getEStructuralFeatures().get(2);
    }

    @Override
    public EEnum getCurrency() {
        return currencyEEnum;
    }

    @Override
    public EEnum getSize() {
        return sizeEEnum;
    }

    @Override
    public CatalogFactory getCatalogFactory() {
        return (CatalogFactory) getEFactoryInstance();
    }
}
