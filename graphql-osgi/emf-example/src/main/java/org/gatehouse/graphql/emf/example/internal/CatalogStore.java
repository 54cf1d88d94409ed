package org.gatehouse.graphql.emf.example.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.gatehouse.graphql.api.GraphqlClientException;
import org.gatehouse.graphql.emf.example.catalog.Catalog;
import org.gatehouse.graphql.emf.example.catalog.CatalogEntry;
import org.gatehouse.graphql.emf.example.catalog.CatalogFactory;
import org.gatehouse.graphql.emf.example.catalog.Currency;
import org.gatehouse.graphql.emf.example.catalog.Product;
import org.gatehouse.graphql.emf.example.catalog.SKU;
import org.gatehouse.graphql.emf.example.catalog.Size;
import org.gatehouse.graphql.emf.example.catalog.Voucher;
import org.osgi.service.component.annotations.Component;

/** The example's catalogs in memory (generated EMF objects), shared by the prototype-scoped services. */
@Component(service = CatalogStore.class)
public class CatalogStore {
    private final List<Catalog> catalogs = new ArrayList<>();

    public CatalogStore() {
        CatalogFactory factory = CatalogFactory.eINSTANCE;
        Catalog shop = factory.createCatalog();
        shop.setId("c1");
        shop.setName("Outdoor shop");
        Product jacket = product("p1", "Rain jacket", "19.90", Currency.EUR);
        jacket.setDescription("Light and waterproof.");
        jacket.getTags().addAll(List.of("rain", "light"));
        jacket.getSkus().add(sku("p1-m", Size.M, 4));
        jacket.getSkus().add(sku("p1-l", Size.L, 0));
        Product boots = product("p2", "Hiking boots", "89.00", Currency.USD);
        boots.getSkus().add(sku("p2-xl", Size.XL, 2));
        Voucher voucher = factory.createVoucher();
        voucher.setId("v1");
        voucher.setName("Gift voucher");
        voucher.setAmount(new BigDecimal("25.00"));
        voucher.setValidUntil(Date.from(Instant.parse("2030-12-31T23:59:59Z")));
        shop.getEntries().addAll(List.of(jacket, boots, voucher));
        shop.setFeatured(voucher);
        catalogs.add(shop);
    }

    private static Product product(String id, String name, String price, Currency currency) {
        Product product = CatalogFactory.eINSTANCE.createProduct();
        product.setId(id);
        product.setName(name);
        product.setPrice(new BigDecimal(price));
        product.setCurrency(currency);
        return product;
    }

    private static SKU sku(String code, Size size, int stock) {
        SKU sku = CatalogFactory.eINSTANCE.createSKU();
        sku.setCode(code);
        sku.setSize(size);
        sku.setStock(stock);
        return sku;
    }

    public synchronized List<Catalog> catalogs() {
        return List.copyOf(catalogs);
    }

    public synchronized Optional<CatalogEntry> entry(String id) {
        return catalogs.stream().flatMap(c -> c.getEntries().stream()).filter(e -> id.equals(e.getId())).findFirst();
    }

    /** Products of every catalog, those priced in {@code currency} only when it is given. */
    public synchronized List<Product> products(Currency currency) {
        return catalogs.stream().flatMap(c -> c.getEntries().stream())
                .filter(Product.class::isInstance).map(Product.class::cast)
                .filter(p -> currency == null || p.getCurrency() == currency)
                .toList();
    }

    /** Adds a product to a catalog; an unknown catalog or a taken id is an error the client sees. */
    public synchronized Product addProduct(String catalogId, Product product) {
        Catalog catalog = catalogs.stream().filter(c -> c.getId().equals(catalogId)).findFirst()
                .orElseThrow(() -> new GraphqlClientException("unknown catalog " + catalogId));
        if (entry(product.getId()).isPresent()) {
            throw new GraphqlClientException("an entry with id " + product.getId() + " exists already");
        }
        catalog.getEntries().add(product);
        return product;
    }
}
