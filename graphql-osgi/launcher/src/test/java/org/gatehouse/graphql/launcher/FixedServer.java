package org.gatehouse.graphql.launcher;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;

/** A web server on 127.0.0.1 (port 0) that answers every path with one fixed body, for the tests' other origins and JWKS. */
final class FixedServer {
    private FixedServer() {}

    static HttpServer start(String contentType, byte[] body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    static String origin(HttpServer server) {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }
}
