package org.gatehouse.graphql.whiteboard.internal.runtime;

import graphql.ExecutionInput;
import graphql.GraphQLError;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Parsed and validated documents of one schema generation, keyed by query text, so that a repeated query
 * skips parsing and validation (graphql-java's default parses every time). Invalid documents are kept
 * too, with their errors. On a miss graphql-java's own parse-and-validate function runs, so
 * instrumentation sees parsing and validation as usual. Bounded (least recently used entries go first);
 * documents longer than {@link #MAX_CACHED_QUERY_CHARS} are never kept, so the cache holds at most
 * {@code size} times that many characters of query text. A rebuilt schema gets a new, empty cache.
 *
 * <p>After the lookup, {@link OperationRules} checks the operation the request names; a request error
 * found there is returned instead of the document, so nothing executes.
 */
public final class PreparedDocuments implements PreparsedDocumentProvider {
    /** Context key: true for requests that must not run mutations (HTTP GET). */
    public static final String READ_ONLY = PreparedDocuments.class.getName() + ".readOnly";
    static final int MAX_CACHED_QUERY_CHARS = 16 * 1024;

    private final int size;
    private final Map<String, PreparsedDocumentEntry> entries;

    PreparedDocuments(int size) {
        this.size = size;
        this.entries = new LinkedHashMap<>(16, 0.75f, true);
    }

    @Override
    public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
            Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
        String query = input.getQuery();
        PreparsedDocumentEntry entry = lookup(query);
        if (entry == null) {
            entry = parseAndValidate.apply(input);
            remember(query, entry);
        }
        if (entry.hasErrors()) {
            return CompletableFuture.completedFuture(entry);
        }
        boolean readOnly = Boolean.TRUE.equals(input.getGraphQLContext().get(READ_ONLY));
        GraphQLError refused = OperationRules.check(entry.getDocument(), input.getOperationName(), readOnly);
        return CompletableFuture.completedFuture(refused == null ? entry : new PreparsedDocumentEntry(List.of(refused)));
    }

    private PreparsedDocumentEntry lookup(String query) {
        if (size == 0) {
            return null;
        }
        synchronized (entries) {
            return entries.get(query);
        }
    }

    private void remember(String query, PreparsedDocumentEntry entry) {
        if (size == 0 || query.length() > MAX_CACHED_QUERY_CHARS) {
            return;
        }
        synchronized (entries) {
            entries.put(query, entry);
            if (entries.size() > size) {
                entries.remove(entries.keySet().iterator().next());
            }
        }
    }

    /** Number of cached documents (for tests). */
    int cached() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
