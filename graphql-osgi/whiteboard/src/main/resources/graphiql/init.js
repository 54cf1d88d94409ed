// Starts GraphiQL against the endpoint the page was served from (the gateway's servlet root).
const fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher }));
