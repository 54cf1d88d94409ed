package org.gatehouse.graphql.emf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.emf.internal.library.Library;
import org.gatehouse.graphql.whiteboard.internal.schema.BuildFailure;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.junit.jupiter.api.Test;

/** Schemas from a dynamic EPackage loaded from an .ecore file, built by the whiteboard without OSGi. */
class EmfSchemaTest {
    private static BuildFailure unsupported(long service, String element, String message) {
        return new BuildFailure(service, element, FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE, message);
    }

    @Test
    void registeredDynamicPackageMatchesGoldenSdl() throws Exception {
        SchemaBuild build = EmfSchemas.build(new EmfSchemas.RecordingMapper(List.of(Library.load())));
        Golden.assertGolden("library.graphqls", EmfSchemas.sdl(build));
    }

    @Test
    void whatCannotBeMappedIsLeftOutAndReportedWithTheReason() {
        SchemaBuild build = EmfSchemas.build(new EmfSchemas.RecordingMapper(List.of(Library.load())));
        assertEquals(Set.of(
                unsupported(99, "Author.anything", "its type EObject is not part of the schema"),
                unsupported(99, "Author.extra", "no GraphQL scalar for data type EJavaObject (java.lang.Object)"),
                unsupported(2, "AuthorInput.extra", "no GraphQL scalar for data type EJavaObject (java.lang.Object)"),
                unsupported(99, "Marker", "no feature of it can be mapped (a GraphQL type needs a field)"),
                unsupported(1, "LibraryService.anything()", "no EClass is known for org.eclipse.emf.ecore.EObject;"
                        + " name it with @GraphqlEClass or register its EPackage as a service"),
                unsupported(2, "LibraryMutations.addItem(EObject)",
                        "ItemInput: the class is abstract; only concrete classes can be built from input")),
                Set.copyOf(build.failures()));
    }

    @Test
    void withoutThePackageTheMethodsNamingItAreLeftOut() {
        SchemaBuild build = EmfSchemas.build(new EmfSchemas.RecordingMapper(List.of()));
        String sdl = EmfSchemas.sdl(build);
        assertTrue(!sdl.contains("Library") && !sdl.contains("Book"), sdl);
        Set<String> messages = build.failures().stream().map(BuildFailure::message).collect(Collectors.toSet());
        assertTrue(messages.contains("no EPackage http://gatehouse.test/library is in the schema; register it as an EPackage service"), messages.toString());
    }
}
