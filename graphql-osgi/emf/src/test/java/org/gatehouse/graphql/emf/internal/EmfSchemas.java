package org.gatehouse.graphql.emf.internal;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.idl.SchemaPrinter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EPackage;
import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMapping;
import org.gatehouse.graphql.emf.internal.library.LibraryMutations;
import org.gatehouse.graphql.emf.internal.library.LibraryService;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaAssembler;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceBinding;
import org.gatehouse.graphql.whiteboard.internal.schema.ServiceInstances;
import org.gatehouse.graphql.whiteboard.internal.schema.TypeMapperBinding;

/** Schemas of the library test services built by the whiteboard's assembler with the EMF type mapper. */
final class EmfSchemas {
    static final ServiceBinding QUERIES = new ServiceBinding("LibraryService", List.of(LibraryService.class), false, 1, 0);
    static final ServiceBinding MUTATIONS = new ServiceBinding("LibraryMutations", List.of(LibraryMutations.class), true, 2, 0);

    /** The EMF mapper over fixed "registered" packages that keeps the mappings it started. */
    static final class RecordingMapper implements GraphqlTypeMapper {
        private final EmfTypeMapper mapper;
        final List<TypeMapping> mappings = new ArrayList<>();

        RecordingMapper(Collection<EPackage> registered) {
            mapper = new EmfTypeMapper(() -> registered);
        }

        @Override
        public TypeMapping startBuild(MappingContext context) {
            TypeMapping mapping = mapper.startBuild(context);
            mappings.add(mapping);
            return mapping;
        }
    }

    private EmfSchemas() {}

    static SchemaBuild build(RecordingMapper mapper) {
        return SchemaAssembler.build(List.of(QUERIES, MUTATIONS), List.of(new TypeMapperBinding(mapper, 99, 0)));
    }

    static String sdl(SchemaBuild build) {
        return new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(build.schema());
    }

    static ExecutionResult execute(SchemaBuild build, Object service, String query, Map<String, Object> variables) {
        ServiceInstances instances = binding -> service;
        return GraphQL.newGraphQL(build.schema()).build().execute(ExecutionInput.newExecutionInput(query)
                .variables(variables)
                .graphQLContext(Map.of(ServiceInstances.CONTEXT_KEY, instances))
                .build());
    }
}
