package org.gatehouse.graphql.whiteboard.internal.servlet;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serves the GraphiQL files packed into the bundle ({@code /graphiql/} on its class path) under
 * {@code <gateway>/graphiql/<file>}: read once, with an ETag of their content, so a browser revalidates
 * cheaply (304) and picks up new versions after an upgrade.
 */
final class GraphiqlAssets {
    static final String PREFIX = "graphiql";
    private static final Map<String, String> TYPES = Map.of(
            "graphiql.min.js", "text/javascript;charset=UTF-8",
            "react.production.min.js", "text/javascript;charset=UTF-8",
            "react-dom.production.min.js", "text/javascript;charset=UTF-8",
            "init.js", "text/javascript;charset=UTF-8",
            "graphiql.min.css", "text/css;charset=UTF-8");

    private record Asset(byte[] bytes, String etag) {}

    private final Map<String, Asset> loaded = new ConcurrentHashMap<>();

    /** True when the path names a GraphiQL file ({@code /graphiql/<file>}). */
    static boolean isAsset(String path) {
        return path.startsWith("/" + PREFIX + "/") && TYPES.containsKey(path.substring(PREFIX.length() + 2));
    }

    void serve(String path, HttpServletRequest request, HttpServletResponse response) throws IOException {
        String file = path.substring(PREFIX.length() + 2);
        Asset asset = loaded.computeIfAbsent(file, GraphiqlAssets::load);
        response.setHeader("ETag", asset.etag());
        response.setHeader("Cache-Control", "public, max-age=3600");
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (asset.etag().equals(request.getHeader("If-None-Match"))) {
            response.setStatus(304);
            return;
        }
        response.setStatus(200);
        response.setContentType(TYPES.get(file));
        response.setContentLength(asset.bytes().length);
        response.getOutputStream().write(asset.bytes());
    }

    private static Asset load(String file) {
        try (InputStream in = GraphiqlAssets.class.getResourceAsStream("/" + PREFIX + "/" + file)) {
            if (in == null) {
                throw new IllegalStateException("GraphiQL file " + file + " is missing from the bundle; build with graphiql-assets.sh");
            }
            byte[] bytes = in.readAllBytes();
            return new Asset(bytes, "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16) + "\"");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
