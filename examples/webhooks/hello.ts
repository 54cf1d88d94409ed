/**
 * The smallest webhook module: `POST /webhook/hello/handleHello` and `POST /webhook/hello/greet/formal`.
 *
 *     curl -s -X POST http://127.0.0.1:8080/webhook/hello/handleHello \
 *          -H 'Content-Type: application/json' -d '{"name":"Ada"}'
 */
export default class Hello {
  /** The `handle` prefix makes this a handler at its own name. */
  handleHello(params: { name?: string }) {
    return { greeting: `Hello, ${params.name ?? 'world'}!` };
  }

  /**
   * A custom path of two segments.
   * @webhook greet/formal
   */
  async formal(params: { name?: string; _webhook: { query: Record<string, string> } }) {
    const title = params._webhook.query.title ?? 'Dr.';
    return { greeting: `Good day, ${title} ${params.name ?? 'Unknown'}.` };
  }
}
