package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.SchemaPrinter;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.example.api.AddressService;
import org.gatehouse.graphql.example.api.ResidentService;
import org.gatehouse.graphql.whiteboard.internal.schema.shop.ShopService;

/** Schemas of the example and of the shop test model, built without OSGi. */
final class TestSchemas {
    private TestSchemas() {}

    static final ServiceBinding ADDRESSES = new ServiceBinding("AddressService", List.of(AddressService.class), false, 1, 0);
    static final ServiceBinding RESIDENTS = new ServiceBinding("ResidentService", List.of(ResidentService.class), true, 2, 0);
    static final ServiceBinding SHOP = new ServiceBinding("ShopService", List.of(ShopService.class), false, 3, 0);

    static SchemaBuild example() {
        return SchemaAssembler.build(List.of(ADDRESSES, RESIDENTS));
    }

    static SchemaBuild shop() {
        return SchemaAssembler.build(List.of(SHOP));
    }

    static String sdl(SchemaBuild build) {
        return new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(build.schema());
    }

    /** Executes a query with one fixed service object for every binding. */
    static ExecutionResult execute(SchemaBuild build, Object service, String query, Map<String, Object> variables) {
        ServiceInstances instances = binding -> service;
        ExecutionInput input = ExecutionInput.newExecutionInput(query)
                .variables(variables)
                .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances))
                .dataLoaderRegistry(new org.dataloader.DataLoaderRegistry())
                .build();
        return GraphQL.newGraphQL(build.schema()).build().execute(input);
    }
}
