package org.gatehouse.graphql.whiteboard.internal.schema;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.Bundle;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.CatalogEntry;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.Currency;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.Product;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.ProductFilter;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.ShopService;

/** Fixed data for the execution tests of the shop schema. */
class ShopServiceImpl implements ShopService {
    static final Product PEN = new Product("p1", "Pen", new BigDecimal("1.50"), 5_000_000_000L, Currency.EUR, List.of("office"));
    static final Product INK = new Product("p2", "Ink", new BigDecimal("3.00"), 0, Currency.USD, List.of());
    static final Bundle SET = new Bundle("b1", "Writing set", List.of(PEN, INK));
    static final CatalogEntry GIFT = new CatalogEntry("c1", "Gift card");

    @Override
    public List<CatalogEntry> entries() {
        return List.of(GIFT, PEN, SET);
    }

    @Override
    public Optional<Product> entry(String id) {
        return List.of(PEN, INK, SET).stream().filter(p -> p.getId().equals(id)).findFirst();
    }

    @Override
    public List<Product> search(ProductFilter filter, int limit) {
        return List.of(PEN, INK).stream()
                .filter(p -> filter == null || filter.getNamePrefix() == null || p.getName().startsWith(filter.getNamePrefix()))
                .filter(p -> filter == null || filter.getCurrency() == null || p.getCurrency() == filter.getCurrency())
                .limit(limit)
                .toList();
    }

    @Override
    public long count() {
        return 5_000_000_000L;
    }

    @Override
    public Map<String, Object> stats(Map<String, Object> options) {
        return Map.of("echo", options == null ? Map.of() : options);
    }

    @Override
    public String find(String name) {
        return name;
    }

    @Override
    public String find(String name, int page) {
        return name + "#" + page;
    }

    final java.util.List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public BigDecimal price(String id) {
        calls.add("price(" + id + ")");
        return entry(id).map(Product::getPrice).orElse(null);
    }

    @Override
    public List<BigDecimal> prices(List<String> ids) {
        calls.add("prices(" + ids + ")");
        return ids.stream().map(id -> entry(id).map(Product::getPrice).orElse(null)).toList();
    }

    @Override
    public String internal() {
        return "hidden";
    }

    @Override
    public Thread unsupported() {
        throw new IllegalStateException("boom: resolver failure");
    }
}
