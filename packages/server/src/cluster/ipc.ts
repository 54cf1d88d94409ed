/**
 * @module cluster/ipc
 * Requests and replies between the primary process and a worker over the cluster's IPC channel
 * (`process.send` / `worker.send`). Each side handles the request kinds it knows and answers the
 * rest with an error; messages without the `gatehouse` tag (prom-client's, Node's own) are left to
 * others. A channel that closes (the process ended) fails every request still waiting.
 */

export type Handler = (body: unknown) => unknown;

interface Request {
  readonly gatehouse: 'request';
  readonly id: number;
  readonly kind: string;
  readonly body: unknown;
}

interface Reply {
  readonly gatehouse: 'reply';
  readonly id: number;
  readonly value?: unknown;
  readonly error?: string;
}

function isMessage(message: unknown): message is Request | Reply {
  const tag = (message as { gatehouse?: unknown } | null)?.gatehouse;
  return tag === 'request' || tag === 'reply';
}

export class Channel {
  readonly #send: (message: Request | Reply) => void;
  readonly #handlers = new Map<string, Handler>();
  readonly #waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #next = 0;
  #closed: string | undefined;

  /** `send` puts a message on the channel; feed what arrives to {@link receive}. */
  constructor(send: (message: Request | Reply) => void) {
    this.#send = send;
  }

  /** Answers requests of `kind` with what `handler` returns (or resolves to). */
  handle(kind: string, handler: Handler): void {
    this.#handlers.set(kind, handler);
  }

  /** Asks the other side; resolves with its answer, rejects with its error or when the channel closes. */
  request(kind: string, body: unknown): Promise<unknown> {
    if (this.#closed !== undefined) return Promise.reject(new Error(this.#closed));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#send({ gatehouse: 'request', id, kind, body });
    });
  }

  /** Takes one message from the other side; false when it is not one of ours. */
  receive(message: unknown): boolean {
    if (!isMessage(message)) return false;
    if (message.gatehouse === 'reply') {
      const waiting = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value);
      return true;
    }
    void this.#answer(message);
    return true;
  }

  /** Fails every waiting request: the other side is gone. */
  close(reason: string): void {
    this.#closed = reason;
    for (const waiting of this.#waiting.values()) waiting.reject(new Error(reason));
    this.#waiting.clear();
  }

  async #answer(request: Request): Promise<void> {
    const handler = this.#handlers.get(request.kind);
    let reply: Reply;
    try {
      if (!handler) throw new Error(`no handler for ${request.kind}`);
      reply = { gatehouse: 'reply', id: request.id, value: await handler(request.body) };
    } catch (error) {
      reply = { gatehouse: 'reply', id: request.id, error: String((error as Error)?.message ?? error) };
    }
    if (this.#closed === undefined) this.#send(reply);
  }
}
