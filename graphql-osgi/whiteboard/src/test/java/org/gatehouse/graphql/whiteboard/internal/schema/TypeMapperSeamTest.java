package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import graphql.ExecutionResult;
import java.util.List;
import java.util.Map;
import org.gatehouse.graphql.api.dto.FailedServiceDTO;
import org.gatehouse.graphql.whiteboard.internal.schema.mapped.Shape;
import org.gatehouse.graphql.whiteboard.internal.schema.mapped.ShapeService;
import org.junit.jupiter.api.Test;

/** The type-mapper seam: mappers are asked before the whiteboard's rules, in service order. */
class TypeMapperSeamTest {
    private static final ServiceBinding SHAPES = new ServiceBinding("ShapeService", List.of(ShapeService.class), false, 7, 0);

    private static final ShapeService SERVICE = new ShapeService() {
        @Override
        public List<Shape> shapes() {
            return List.of(new ShapeMapper.Built("triangle", 3));
        }

        @Override
        public String describe(List<Shape> shapes, Shape extra) {
            return shapes + " + " + extra;
        }

        @Override
        public Refused refused() {
            return null;
        }
    };

    @Test
    void withoutAMapperTheWhiteboardLeavesTheInterfaceTypesOut() {
        SchemaBuild build = SchemaAssembler.build(List.of(SHAPES));
        assertFalse(TestSchemas.sdl(build).contains("Shape!"), TestSchemas.sdl(build));
        assertTrue(build.failures().stream().anyMatch(f -> f.element().equals("ShapeService.shapes()")
                && f.message().equals("no GraphQL mapping for " + Shape.class.getName())), build.failures().toString());
    }

    @Test
    void aMapperMapsOutputsAndInputsAndItsConverterBuildsTheArguments() {
        SchemaBuild build = SchemaAssembler.build(List.of(SHAPES), List.of(new TypeMapperBinding(new ShapeMapper(""), 20, 0)));
        String sdl = TestSchemas.sdl(build);
        assertTrue(sdl.contains("""
                type ShapeService {
                  describe(extra: ShapeInput, shapes: [ShapeInput]!): String
                  shapes: [Shape]!
                }"""), sdl);
        ExecutionResult result = TestSchemas.execute(build, SERVICE,
                "query($s: [ShapeInput]!) { ShapeService { shapes { name corners } describe(shapes: $s, extra: {name: \"dot\"}) } }",
                Map.of("s", List.of(Map.of("name", "square", "corners", 4))));
        assertEquals(List.of(), result.getErrors());
        assertEquals(Map.of("ShapeService", Map.of(
                "shapes", List.of(Map.of("name", "triangle", "corners", 3)),
                "describe", "[Built[name=square, corners=4]] + Built[name=dot, corners=0]")), result.getData());
    }

    @Test
    void aRefusedTypeLeavesOnlyItsMethodOutWithTheMappersMessage() {
        SchemaBuild build = SchemaAssembler.build(List.of(SHAPES), List.of(new TypeMapperBinding(new ShapeMapper(""), 20, 0)));
        assertFalse(TestSchemas.sdl(build).contains("refused"));
        assertEquals(List.of(new BuildFailure(7, "ShapeService.refused()", FailedServiceDTO.FAILURE_UNSUPPORTED_TYPE, "Refused is refused by ")),
                build.failures());
    }

    @Test
    void higherRankedMapperAnswersFirstAndTypeNamesAreShared() {
        ShapeMapper low = new ShapeMapper("Low");
        ShapeMapper high = new ShapeMapper("High");
        SchemaBuild build = SchemaAssembler.build(List.of(SHAPES),
                List.of(new TypeMapperBinding(low, 21, 0), new TypeMapperBinding(high, 22, 5)));
        String sdl = TestSchemas.sdl(build);
        assertTrue(sdl.contains("shapes: [HighShape]!") && !sdl.contains("LowShape"), sdl);
        assertFalse(low.contexts.get(0).claim("HighShape", String.class), "another mapping's name is taken");
        assertTrue(low.contexts.get(0).claim("HighShape", Shape.class), "the same owner may claim again");
    }
}
