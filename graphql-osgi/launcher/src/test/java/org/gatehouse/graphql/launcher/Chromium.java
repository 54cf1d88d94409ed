package org.gatehouse.graphql.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Headless Chromium (Debian's /usr/bin/chromium, installed by scripts/setup/30-chromium.sh; CHROMIUM_PATH
 * overrides) driven over the DevTools protocol with the JDK's WebSocket client: open a page, evaluate
 * JavaScript in it, wait for a condition. The browser has no network beyond this machine, so a page
 * that needed a CDN would fail here.
 */
final class Chromium implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final ObjectMapper json = new ObjectMapper();
    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    Chromium() throws Exception {
        String binary = System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium");
        if (!Files.isExecutable(Path.of(binary))) {
            throw new IllegalStateException("no Chromium at " + binary + "; run scripts/setup/30-chromium.sh (make test does)");
        }
        profile = Files.createTempDirectory("graphql-chromium");
        process = new ProcessBuilder(binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                "--user-data-dir=" + profile, "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String endpoint = devToolsEndpoint();
        socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
                .buildAsync(URI.create(endpoint), new Listener()).get(30, TimeUnit.SECONDS);
    }

    /** Chromium prints "DevTools listening on ws://..." on stderr once it is ready. */
    private String devToolsEndpoint() throws IOException {
        BufferedReader stderr = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String line;
        while ((line = stderr.readLine()) != null && System.nanoTime() < deadline) {
            int at = line.indexOf("ws://");
            if (line.contains("DevTools listening on") && at >= 0) {
                Thread drain = new Thread(() -> stderr.lines().forEach(l -> { }), "chromium-stderr");
                drain.setDaemon(true);
                drain.start();
                return line.substring(at).trim();
            }
        }
        throw new IOException("Chromium did not start its DevTools endpoint");
    }

    /** Opens a new tab at the URL and waits until the document has loaded; returns its session id. */
    String open(String url) throws Exception {
        String target = call("Target.createTarget", Map.of("url", "about:blank"), null).get("targetId").asText();
        String session = call("Target.attachToTarget", Map.of("targetId", target, "flatten", true), null).get("sessionId").asText();
        call("Page.navigate", Map.of("url", url), session);
        waitFor(session, "document.readyState === 'complete' && location.href !== 'about:blank'");
        return session;
    }

    /** Evaluates a JavaScript expression in the page (promises awaited) and returns its JSON value. */
    JsonNode evaluate(String session, String expression) throws Exception {
        JsonNode result = call("Runtime.evaluate", Map.of("expression", expression, "awaitPromise", true, "returnByValue", true), session);
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("JavaScript failed: " + result.get("exceptionDetails"));
        }
        return result.at("/result/value");
    }

    /** Polls a JavaScript condition until it is true. */
    void waitFor(String session, String condition) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode value = call("Runtime.evaluate", Map.of("expression", "Boolean(" + condition + ")", "returnByValue", true), session)
                    .at("/result/value");
            if (value.asBoolean(false)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the page never satisfied: " + condition);
    }

    private JsonNode call(String method, Map<String, Object> params, String session) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode message = json.createObjectNode().put("id", id).put("method", method);
        message.set("params", json.valueToTree(params));
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(json.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.get("result");
    }

    /** Collects the text frames of each DevTools message and completes the call it answers. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                try {
                    JsonNode message = json.readTree(text.toString());
                    CompletableFuture<JsonNode> answer = message.has("id") ? pending.remove(message.get("id").asInt()) : null;
                    if (answer != null) {
                        answer.complete(message);
                    }
                } catch (IOException e) {
                    pending.values().forEach(f -> f.completeExceptionally(e));
                }
                text.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }

    @Override
    public void close() throws Exception {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        } finally {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
