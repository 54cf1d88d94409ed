package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Operations are bounded in time: a service method that blocks ends the operation at the gateway's time
 * limit with what resolved plus an error per unresolved field, and is cancelled (interrupt, the operation's
 * cancelled flag, a cancelled future); a client that disconnects cancels its operation. HTTP threads never
 * wait for service methods. The test bundle's {@code SlowService} counts what its methods saw.
 */
class TimeLimitHttpTest extends RuntimeTestBase {
    private static Bundle testBundle;

    @BeforeAll
    static void installSlowService() throws Exception {
        fixture.createGateway("limited", Map.of("osgi.http.whiteboard.servlet.pattern", "/limited/graphql/*",
                "osgi.graphql.operation.timeout.ms", 1000));
        fixture.createGateway("patient", Map.of("osgi.http.whiteboard.servlet.pattern", "/patient/graphql/*",
                "osgi.graphql.operation.timeout.ms", 0));
        testBundle = fixture.installTestBundle();
        fixture.awaitSchema("/limited/graphql", sdl -> sdl.contains("SlowService"));
        fixture.awaitSchema("/patient/graphql", sdl -> sdl.contains("SlowService"));
    }

    @AfterAll
    static void uninstall() throws Exception {
        if (testBundle != null) {
            testBundle.uninstall();
        }
    }

    @Test
    void blockingMethodsEndAtTheTimeLimitWithTheRestAnsweredAndAreCancelled() throws Exception {
        Map<String, Integer> before = counters();
        String batch = "[{\"query\":\"{ SlowService { quick sleeping } }\"},"
                + "{\"query\":\"{ SlowService { watching } }\"},"
                + "{\"query\":\"{ SlowService { quick pending } }\"}]";
        HttpResponse<String> response = fixture.post("/limited/graphql", "application/json", batch);
        assertEquals(200, response.statusCode(), response.body());
        JsonNode results = fixture.json.readTree(response.body());
        assertEquals("quick", results.at("/0/data/SlowService/quick").asText(), response.body());
        assertEquals("quick", results.at("/2/data/SlowService/quick").asText(), response.body());
        String[][] expected = {{"0", "sleeping"}, {"1", "watching"}, {"2", "pending"}};
        for (String[] field : expected) {
            JsonNode result = results.at("/" + field[0]);
            assertTrue(result.at("/data/SlowService/" + field[1]).isNull(), response.body());
            JsonNode error = result.at("/errors/0");
            assertEquals("SlowService/" + field[1], error.at("/path/0").asText() + "/" + error.at("/path/1").asText(), response.body());
            assertEquals("TimeLimitExceeded", error.at("/extensions/classification").asText(), response.body());
            assertTrue(error.at("/message").asText().contains("time limit of 1000 ms"), response.body());
        }
        awaitCounters(now -> now.get("inside") == 0 && now.get("interrupted") == before.get("interrupted") + 1
                && now.get("cancelledSeen") == before.get("cancelledSeen") + 1
                && now.get("futuresCancelled") == before.get("futuresCancelled") + 1);
        assertNoThreadIn("SlowServiceImpl");
    }

    @Test
    void aClientThatDisconnectsCancelsItsOperationAndNoHttpThreadWaits() throws Exception {
        int interruptedBefore = counters().get("interrupted");
        String body = "{\"query\":\"{ SlowService { sleeping } }\"}";
        try (Socket socket = new Socket("127.0.0.1", fixture.port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /patient/graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            out.flush();
            awaitCounters(now -> now.get("inside") == 1);
            // the service method runs on a resolver thread; no HTTP (Jetty) thread waits for it
            assertNoHttpThreadIn("SlowServiceImpl");
        }
        // the operation has no time limit: only the disconnect can end it
        awaitCounters(now -> now.get("inside") == 0 && now.get("interrupted") == interruptedBefore + 1);
        assertNoThreadIn("SlowServiceImpl");
    }

    /** The SlowService's counters, e.g. {inside=0, interrupted=1, cancelledSeen=0, futuresCancelled=0}. */
    private static Map<String, Integer> counters() throws Exception {
        String stats = fixture.query("/graphql", "{ SlowService { stats } }", Map.of()).at("/data/SlowService/stats").asText();
        Map<String, Integer> counters = new java.util.HashMap<>();
        for (String pair : stats.split(" ")) {
            String[] parts = pair.split("=");
            counters.put(parts[0], Integer.parseInt(parts[1]));
        }
        return counters;
    }

    private static void awaitCounters(Predicate<Map<String, Integer>> condition) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Map<String, Integer> last = null;
        while (System.nanoTime() < deadline) {
            last = counters();
            if (condition.test(last)) {
                return;
            }
            Thread.sleep(50);
        }
        fail("SlowService never reached the expected state; last: " + last);
    }

    private static void assertNoThreadIn(String className) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline && !threadsIn(className, name -> true).isEmpty()) {
            Thread.sleep(50);
        }
        assertEquals("", threadsIn(className, name -> true), "threads still inside " + className);
    }

    private static void assertNoHttpThreadIn(String className) {
        assertEquals("", threadsIn(className, name -> name.startsWith("qtp")), "HTTP threads waiting in " + className);
    }

    private static String threadsIn(String className, Predicate<String> nameFilter) {
        StringBuilder found = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (nameFilter.test(thread.getName()) && Arrays.stream(stack).anyMatch(frame -> frame.getClassName().endsWith(className))) {
                found.append(thread.getName()).append(' ');
            }
        });
        return found.toString().trim();
    }
}
