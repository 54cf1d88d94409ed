package org.gatehouse.graphql.whiteboard.internal.schema.shop;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gatehouse.graphql.api.GraphqlArgument;
import org.gatehouse.graphql.api.GraphqlBatch;
import org.gatehouse.graphql.api.GraphqlDocumentation;
import org.gatehouse.graphql.api.GraphqlIgnore;
import org.gatehouse.graphql.api.GraphqlUnionType;

/** Query service of the inheritance test model. */
public interface ShopService {
    @GraphqlDocumentation("All entries; each resolves to the type of its runtime class.")
    List<CatalogEntry> entries();

    @GraphqlUnionType({Product.class, Bundle.class})
    Optional<Product> entry(@GraphqlArgument(value = "id", required = true) String id);

    List<Product> search(ProductFilter filter, int limit);

    long count();

    Map<String, Object> stats(Map<String, Object> options);

    String find(String name);

    String find(String name, int page);

    @GraphqlIgnore
    String internal();

    java.math.BigDecimal price(String id);

    @GraphqlBatch("price")
    List<java.math.BigDecimal> prices(List<String> ids);

    Thread unsupported();
}
