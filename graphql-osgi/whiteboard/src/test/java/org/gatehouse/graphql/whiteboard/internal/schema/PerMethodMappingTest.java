package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlLongAsString;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.junit.jupiter.api.Test;

/** A method whose type cannot be mapped costs only itself; {@code @GraphqlLongAsString} fields are text. */
class PerMethodMappingTest {
    /** Nothing GraphQL could read. */
    public static final class Opaque {
        final int hidden = 1;
    }

    public interface Mixed {
        String fine();

        Opaque opaque();

        @GraphqlLongAsString
        long big();

        @GraphqlLongAsString
        List<Long> bigs();
    }

    private static final Mixed SERVICE = new Mixed() {
        @Override
        public String fine() {
            return "fine";
        }

        @Override
        public Opaque opaque() {
            return new Opaque();
        }

        @Override
        public long big() {
            return 9_007_199_254_740_993L;
        }

        @Override
        public List<Long> bigs() {
            return List.of(Long.MAX_VALUE);
        }
    };

    private final SchemaBuild build = SchemaAssembler.build(List.of(new ServiceBinding("Mixed", List.of(Mixed.class), false, 7, 0)));

    @Test
    void aClassWithoutGettersLeavesOutOnlyItsMethod() {
        String sdl = TestSchemas.sdl(build);
        assertTrue(sdl.contains("fine: String"), sdl);
        assertFalse(sdl.contains("opaque") || sdl.contains("Opaque"), sdl);
        BuildFailure failure = build.failures().stream().filter(f -> f.element().equals("Mixed.opaque()")).findFirst().orElseThrow();
        assertEquals(FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE, failure.reason());
        assertTrue(failure.message().endsWith("Opaque has no attribute GraphQL can read (a public getter or a record component)"),
                failure.message());
    }

    @Test
    void longAsStringFieldsAreTypedAndWrittenAsText() {
        String sdl = TestSchemas.sdl(build);
        assertTrue(sdl.contains("big: String!") && sdl.contains("bigs: [String]!"), sdl);
        ExecutionResult result = TestSchemas.execute(build, SERVICE, "{ Mixed { big bigs } }", Map.of());
        assertEquals(Map.of("Mixed", Map.of("big", "9007199254740993", "bigs", List.of("9223372036854775807"))), result.getData());
    }
}
