package org.gatehouse.graphql.whiteboard.internal.servlet;

/**
 * The GraphiQL page for browsers. GraphiQL itself is loaded by the browser from a CDN; the gateway only
 * serves this small page, which points GraphiQL at the endpoint it was served from.
 */
final class GraphiqlPage {
    private GraphiqlPage() {}

    static String html() {
        return """
                <!doctype html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <title>GraphiQL - Gatehouse GraphQL gateway</title>
                  <style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
                  <link rel="stylesheet" href="https://unpkg.com/graphiql@3/graphiql.min.css">
                </head>
                <body>
                  <div id="graphiql">Loading GraphiQL from unpkg.com ... (POST queries to this URL without a browser)</div>
                  <script crossorigin src="https://unpkg.com/react@18/umd/react.production.min.js"></script>
                  <script crossorigin src="https://unpkg.com/react-dom@18/umd/react-dom.production.min.js"></script>
                  <script crossorigin src="https://unpkg.com/graphiql@3/graphiql.min.js"></script>
                  <script>
                    const url = window.location.pathname;
                    const fetcher = GraphiQL.createFetcher({ url });
                    ReactDOM.createRoot(document.getElementById('graphiql'))
                      .render(React.createElement(GraphiQL, { fetcher }));
                  </script>
                </body>
                </html>
                """;
    }
}
