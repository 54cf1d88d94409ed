package org.gatehouse.graphql.whiteboard.internal.schema;

import graphql.Scalars;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.api.dto.ServiceDTO;

/**
 * Builds a complete schema from service bindings, without any OSGi dependency.
 *
 * <p>Shape: {@code type Query { <ServiceName>: <ServiceName> }} with one field per service interface (or
 * per named group of interfaces), and the object type {@code <ServiceName>} whose fields are the
 * interface methods. The same for {@code Mutation}; the Mutation root is omitted when no mutation service
 * exists, and Query gets a placeholder {@code _empty: Boolean} when no query service exists (GraphQL
 * requires a Query type with fields).
 */
public final class SchemaAssembler {
    private SchemaAssembler() {}

    /** Builds the schema with the whiteboard's own type rules only. */
    public static SchemaBuild build(List<ServiceBinding> bindings) {
        return build(bindings, List.of());
    }

    /**
     * Builds the schema, asking the type mappers before the whiteboard's own rules; throws graphql-java's
     * exceptions when the result is not a valid schema.
     */
    public static SchemaBuild build(List<ServiceBinding> bindings, List<TypeMapperBinding> mappers) {
        List<BuildFailure> failures = new ArrayList<>();
        GraphQLCodeRegistry.Builder code = GraphQLCodeRegistry.newCodeRegistry();
        TypeCatalog catalog = new TypeCatalog(failures, mappers, code);
        ServiceTypeBuilder services = new ServiceTypeBuilder(catalog, code, failures);
        GraphQLObjectType.Builder query = GraphQLObjectType.newObject().name("Query");
        GraphQLObjectType.Builder mutation = GraphQLObjectType.newObject().name("Mutation");
        List<GraphQLNamedType> serviceTypes = new ArrayList<>();
        List<ServiceDTO> exposed = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        int queries = 0;
        int mutations = 0;
        for (ServiceBinding binding : sorted(bindings)) {
            if (!taken.add(binding.fieldName())) {
                failures.add(new BuildFailure(binding.serviceId(), binding.fieldName(), FailedServiceDTO.FAILURE_SHADOWED,
                        "the name " + binding.fieldName() + " is taken by a service with higher ranking or lower id"));
                continue;
            }
            GraphQLObjectType type = services.build(binding);
            if (type == null) {
                continue;
            }
            serviceTypes.add(type);
            (binding.mutation() ? mutation : query).field(rootField(binding, type));
            code.dataFetcher(FieldCoordinates.coordinates(binding.mutation() ? "Mutation" : "Query", binding.fieldName()),
                    (DataFetcher<?>) env -> binding);
            exposed.add(dto(binding, type));
            if (binding.mutation()) {
                mutations++;
            } else {
                queries++;
            }
        }
        if (queries == 0) {
            query.field(GraphQLFieldDefinition.newFieldDefinition().name("_empty").type(Scalars.GraphQLBoolean)
                    .description("Placeholder: no query service is registered."));
        }
        Set<graphql.schema.GraphQLType> additional = new LinkedHashSet<>(serviceTypes);
        additional.addAll(new ModelTypeBuilder(catalog, code).build());
        additional.addAll(catalog.mappedTypes());
        GraphQLSchema.Builder schema = GraphQLSchema.newSchema()
                .query(query.build())
                .additionalTypes(additional)
                .codeRegistry(code.build());
        if (mutations > 0) {
            schema.mutation(mutation.build());
        }
        return new SchemaBuild(schema.build(), exposed, failures);
    }

    private static List<ServiceBinding> sorted(List<ServiceBinding> bindings) {
        List<ServiceBinding> sorted = new ArrayList<>(bindings);
        sorted.sort(null);
        return sorted;
    }

    private static GraphQLFieldDefinition rootField(ServiceBinding binding, GraphQLObjectType type) {
        return GraphQLFieldDefinition.newFieldDefinition()
                .name(binding.fieldName())
                .type(graphql.schema.GraphQLNonNull.nonNull(type))
                .build();
    }

    private static ServiceDTO dto(ServiceBinding binding, GraphQLObjectType type) {
        ServiceDTO dto = new ServiceDTO();
        dto.serviceId = binding.serviceId();
        dto.name = binding.fieldName();
        dto.interfaceName = String.join(",", binding.interfaces().stream().map(Class::getName).toList());
        dto.mutation = binding.mutation();
        dto.fields = type.getFieldDefinitions().stream().map(GraphQLFieldDefinition::getName).toArray(String[]::new);
        return dto;
    }
}
