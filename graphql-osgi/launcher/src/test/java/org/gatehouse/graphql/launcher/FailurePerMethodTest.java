package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Failure is per method, never per service, and an Error is the error of its field: the test bundle,
 * installed at run time, brings a service with a method returning a class without getters, a component
 * that fails in activate, and a service whose methods throw Errors next to one that answers.
 */
class FailurePerMethodTest extends RuntimeTestBase {
    private static Bundle testBundle;
    private static LogCapture log;

    @BeforeAll
    static void install() throws Exception {
        log = new LogCapture();
        testBundle = fixture.installTestBundle();
        fixture.awaitSchema("/graphql", sdl -> sdl.contains("PartlyMappable: PartlyMappable!") && sdl.contains("Siblings: Siblings!"));
    }

    @AfterAll
    static void uninstall() throws Exception {
        log.close();
        if (testBundle != null) {
            testBundle.uninstall();
        }
    }

    @Test
    void aMethodWithoutAMappableTypeIsLeftOutAndTheRestOfItsServiceAnswers() throws Exception {
        String sdl = fixture.awaitSchema("/graphql", s -> s.contains("type PartlyMappable"));
        assertTrue(sdl.contains("fine: String"), sdl);
        assertFalse(sdl.contains("opaque") || sdl.contains("Opaque"), sdl);
        assertEquals("fine", fixture.query("/graphql", "{ PartlyMappable { fine } }", Map.of()).at("/data/PartlyMappable/fine").asText());
        Map<String, Object> failure = awaitFailure("PartlyMappable.opaque()");
        assertEquals(4, failure.get("failureReason"), "FAILURE_UNSUPPORTED_TYPE: " + failure);
        assertTrue(failure.get("message").toString().contains("Opaque has no attribute GraphQL can read"), failure.toString());
        // one WARNING line per gateway (the fixture runs three) when the failure appeared, none at later rebuilds
        awaitLogLines("PartlyMappable.opaque()", 3);
        fixture.setComponentEnabled("org.gatehouse.graphql.testbundle", "org.gatehouse.graphql.testbundle.DurationServiceImpl", false);
        fixture.awaitSchema("/graphql", s -> !s.contains("DurationService"));
        fixture.setComponentEnabled("org.gatehouse.graphql.testbundle", "org.gatehouse.graphql.testbundle.DurationServiceImpl", true);
        fixture.awaitSchema("/graphql", s -> s.contains("DurationService"));
        fixture.awaitSchema("/special/graphql", s -> s.contains("DurationService"));
        assertEquals(3, logLines("PartlyMappable.opaque()"), "rebuilds do not log it again");
    }

    private static long logLines(String element) {
        return log.records().stream().map(LogCapture::text).filter(text -> text.contains(element)).count();
    }

    private static void awaitLogLines(String element, long expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (logLines(element) < expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(expected, logLines(element));
    }

    @Test
    void aComponentFailingInActivateIsReportedAndHasNoField() throws Exception {
        Map<String, Object> failure = awaitFailure("NeverActive");
        assertEquals(8, failure.get("failureReason"), "FAILURE_SERVICE_UNAVAILABLE: " + failure);
        String sdl = fixture.awaitSchema("/graphql", s -> s.contains("PartlyMappable"));
        assertFalse(sdl.contains("NeverActive"), sdl);
    }

    @Test
    void errorsOfResolversAreTheErrorsOfTheirFieldsOnly() throws Exception {
        HttpResponse<String> response = fixture.post("/graphql", "application/json", "{\"query\":\"{ Siblings { ok error deep } }\"}");
        assertEquals(200, response.statusCode(), response.body());
        JsonNode json = fixture.json.readTree(response.body());
        assertEquals("ok", json.at("/data/Siblings/ok").asText(), response.body());
        assertTrue(json.at("/data/Siblings/error").isNull(), response.body());
        List<String> paths = new ArrayList<>();
        for (JsonNode error : json.at("/errors")) {
            paths.add(error.at("/path/1").asText());
            assertTrue(error.at("/message").asText().startsWith("internal error; error id "), response.body());
            assertEquals("InternalError", error.at("/extensions/classification").asText(), response.body());
        }
        assertEquals(List.of("deep", "error"), paths.stream().sorted().toList(), response.body());
    }

    /** Polls the runtime DTO of the main gateway for a failure whose element starts with the given text. */
    private static Map<String, Object> awaitFailure(String element) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            for (Object failed : (Object[]) fixture.runtimeDto("/graphql/*", "failedServices")) {
                String name = (String) failed.getClass().getField("element").get(failed);
                if (name.startsWith(element)) {
                    return Map.of("element", name, "failureReason", failed.getClass().getField("failureReason").get(failed),
                            "message", failed.getClass().getField("message").get(failed));
                }
            }
            Thread.sleep(50);
        }
        return fail("no failure reported for " + element);
    }
}
