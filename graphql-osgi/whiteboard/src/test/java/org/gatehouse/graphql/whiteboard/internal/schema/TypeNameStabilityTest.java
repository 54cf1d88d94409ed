package org.gatehouse.graphql.whiteboard.internal.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.gatehouse.graphql.whiteboard.internal.schema.subclass.StudentService;
import org.junit.jupiter.api.Test;

/** A bundle that adds a subclass of a model class never renames the types clients already use. */
class TypeNameStabilityTest {

    @Test
    void addingASubclassOfPersonLeavesEveryExampleTypeAsItWas() {
        String alone = TestSchemas.sdl(TestSchemas.example());
        String withSubclass = TestSchemas.sdl(SchemaAssembler.build(List.of(TestSchemas.ADDRESSES, TestSchemas.RESIDENTS,
                new ServiceBinding("StudentService", List.of(StudentService.class), false, 9, 0))));
        for (String block : alone.split("\n\n")) {
            if (!block.startsWith("type Query")) {
                assertTrue(withSubclass.contains(block), "unchanged by the subclass:\n" + block + "\n--- in ---\n" + withSubclass);
            }
        }
        assertTrue(withSubclass.contains("type Student {"), withSubclass);
        assertFalse(withSubclass.contains("interface Person") || withSubclass.contains("PersonImpl"), withSubclass);
    }
}
