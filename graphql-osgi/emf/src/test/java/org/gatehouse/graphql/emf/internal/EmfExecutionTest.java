package org.gatehouse.graphql.emf.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionResult;
import graphql.GraphQLError;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.impl.DynamicEObjectImpl;
import org.gatehouse.graphql.api.GraphqlClientException;
import org.gatehouse.graphql.api.mapping.MappedInput;
import org.gatehouse.graphql.emf.internal.library.Library;
import org.gatehouse.graphql.emf.internal.library.LibraryMutations;
import org.gatehouse.graphql.whiteboard.internal.schema.SchemaBuild;
import org.junit.jupiter.api.Test;

/** Queries and mutations over dynamic EMF objects (DynamicEObjectImpl), in-process. */
class EmfExecutionTest {
    private final Library library = new Library();
    private final EmfSchemas.RecordingMapper mapper = new EmfSchemas.RecordingMapper(List.of(library.ePackage));
    private final SchemaBuild build = EmfSchemas.build(mapper);

    private Object data(String query, Map<String, Object> variables) {
        ExecutionResult result = EmfSchemas.execute(build, library, query, variables);
        assertEquals(List.of(), result.getErrors(), query);
        return result.getData();
    }

    private List<String> errors(String query, Map<String, Object> variables) {
        return EmfSchemas.execute(build, library, query, variables).getErrors().stream().map(GraphQLError::getMessage).toList();
    }

    @Test
    void interfaceValuesResolveByTheRuntimeEClass() {
        Object data = data("""
                { LibraryService {
                    items { __typename title ... on BookImpl { genre isbn pages published authors { name } } ... on MagazineImpl { issue } }
                    library { name featured { __typename title } } } }""", Map.of());
        assertEquals(Map.of("LibraryService", Map.of(
                "items", List.of(
                        Map.of("__typename", "BookImpl", "title", "Faust", "genre", "POETRY", "isbn", "978-3-15-000001-4",
                                "pages", 160, "published", "1970-01-01T00:00:00.000Z", "authors", List.of(Map.of("name", "Goethe"))),
                        Map.of("__typename", "MagazineImpl", "title", "Kosmos", "issue", 5_000_000_000L)),
                "library", Map.of("name", "Town library", "featured", Map.of("__typename", "MagazineImpl", "title", "Kosmos")))), data);
    }

    @Test
    void mutationReceivesADynamicEObjectBuiltThroughTheEFactory() {
        Map<String, Object> book = Map.of("title", "Origin", "genre", "SCIENCE", "pages", 502, "published", "1859-11-24T00:00:00Z",
                "keywords", List.of("evolution", "species"), "authors", List.of(Map.of("name", "Darwin")));
        Object data = data("mutation($b: BookInput) { LibraryMutations { addBook(book: $b) { __typename title genre keywords authors { name } } } }",
                Map.of("b", book));
        assertEquals(Map.of("LibraryMutations", Map.of("addBook", Map.of("__typename", "BookImpl", "title", "Origin",
                "genre", "SCIENCE", "keywords", List.of("evolution", "species"), "authors", List.of(Map.of("name", "Darwin"))))), data);
        EObject received = library.received.get(0);
        assertInstanceOf(DynamicEObjectImpl.class, received);
        assertEquals("Book", received.eClass().getName());
        assertEquals(502, received.eGet(received.eClass().getEStructuralFeature("pages")));
        assertEquals(Date.from(java.time.Instant.parse("1859-11-24T00:00:00Z")), received.eGet(received.eClass().getEStructuralFeature("published")));
        assertEquals("SCIENCE", ((EEnumLiteral) received.eGet(received.eClass().getEStructuralFeature("genre"))).getName());
        EObject author = ((List<?>) received.eGet(received.eClass().getEStructuralFeature("authors"))).stream()
                .map(EObject.class::cast).findFirst().orElseThrow();
        assertEquals(received, author.eContainer(), "the author is contained in the book");
    }

    @Test
    void badInputAnswersGraphqlErrorsAndTheServiceIsNotCalled() {
        String mutation = "mutation($b: BookInput) { LibraryMutations { addBook(book: $b) { title } } }";
        List<String> unknown = errors(mutation, Map.of("b", Map.of("title", "T", "genre", "NOVEL", "colour", "red")));
        assertEquals(List.of("The variables input contains a field name 'colour' that is not defined for input object type 'BookInput' "), unknown);
        List<String> literal = errors(mutation, Map.of("b", Map.of("title", "T", "genre", "COMIC")));
        assertEquals(1, literal.size());
        assertTrue(literal.get(0).contains("COMIC") && literal.get(0).contains("Genre"), literal.get(0));
        List<String> missing = errors("mutation { LibraryMutations { addBook(book: {genre: NOVEL}) { title } } }", Map.of());
        assertEquals(1, missing.size());
        assertTrue(missing.get(0).contains("missing required fields '[title]'"), missing.get(0));
        assertEquals(List.of(), library.received);
    }

    @Test
    void theBuilderRefusesWhatGraphqlValidationWouldHaveCaughtWithThePath() throws Exception {
        MappedInput input = mapper.mappings.get(0).input(EObject.class,
                LibraryMutations.class.getMethod("addBook", EObject.class).getParameters()[0]);
        Object novel = ((org.eclipse.emf.ecore.EEnum) library.ePackage.getEClassifier("Genre")).getEEnumLiteral("NOVEL").getInstance();
        GraphqlClientException unknown = assertThrows(GraphqlClientException.class, () -> input.converter().apply(
                Map.of("title", "T", "genre", novel, "authors", List.of(Map.of("name", "A", "born", 1749)))));
        assertEquals("BookInput.authors[0]: AuthorInput has no field 'born'", unknown.getMessage());
        GraphqlClientException literal = assertThrows(GraphqlClientException.class,
                () -> input.converter().apply(Map.of("title", "T", "genre", "COMIC")));
        assertEquals("BookInput.genre: 'COMIC' is not a literal of Genre", literal.getMessage());
        GraphqlClientException required = assertThrows(GraphqlClientException.class,
                () -> input.converter().apply(Map.of("pages", 3)));
        assertEquals("BookInput.title is required", required.getMessage());
        GraphqlClientException wrongType = assertThrows(GraphqlClientException.class,
                () -> input.converter().apply(Map.of("title", "T", "genre", novel, "pages", "many")));
        assertEquals("BookInput.pages: 'many' is not a valid EInt", wrongType.getMessage());
    }
}
