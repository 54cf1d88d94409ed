package org.gatehouse.graphql.whiteboard.internal.servlet;

/**
 * The GraphiQL page for browsers. GraphiQL, React and ReactDOM are packed into the bundle at build time
 * ({@code graphiql-assets.sh}) and served by {@link GraphiqlAssets} under the gateway's own path, so the
 * page loads nothing from other hosts and works offline.
 */
final class GraphiqlPage {
    private GraphiqlPage() {}

    /** The page; {@code base} is the gateway's path (context path + servlet path), e.g. {@code /graphql}. */
    static String html(String base) {
        String assets = escape(base) + "/" + GraphiqlAssets.PREFIX;
        return """
                <!doctype html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <title>GraphiQL - Gatehouse GraphQL gateway</title>
                  <style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
                  <link rel="stylesheet" href="%1$s/graphiql.min.css">
                </head>
                <body>
                  <div id="graphiql">Loading GraphiQL ... (POST queries to this URL without a browser)</div>
                  <script src="%1$s/react.production.min.js"></script>
                  <script src="%1$s/react-dom.production.min.js"></script>
                  <script src="%1$s/graphiql.min.js"></script>
                  <script src="%1$s/init.js"></script>
                </body>
                </html>
                """.formatted(assets);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
