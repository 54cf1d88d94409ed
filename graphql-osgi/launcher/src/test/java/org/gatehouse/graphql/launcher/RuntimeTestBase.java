package org.gatehouse.graphql.launcher;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** One fresh example runtime per test class (test classes run one after the other). */
abstract class RuntimeTestBase {
    static RuntimeFixture fixture;

    @BeforeAll
    static void startRuntime() throws Exception {
        fixture = new RuntimeFixture();
    }

    @AfterAll
    static void stopRuntime() {
        if (fixture != null) {
            fixture.close();
            fixture = null;
        }
    }
}
