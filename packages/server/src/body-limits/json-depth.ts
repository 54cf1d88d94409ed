/**
 * @module body-limits/json-depth
 * How deep a JSON text nests, measured on its bytes as they arrive, before anything parses it. The
 * service's one defence against bodies that exhaust the stack: `JSON.parse` is iterative, but what
 * runs after it is not (serialising a command, IPC to a webhook worker, schema checks), and 5,000
 * levels in 10 KB are enough to overflow any of them.
 *
 * Only brackets outside strings count. UTF-8 never has these ASCII bytes inside a multi-byte
 * character, so bytes can be read one at a time across chunk boundaries without decoding. Text that
 * is not JSON is measured the same way; it would need hundreds of unclosed brackets to be refused.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** A body nested deeper than the limit: Fastify answers it 400 with this message. */
export class JsonTooDeep extends Error {
  readonly statusCode = 400;
  readonly code = 'GATEHOUSE_JSON_TOO_DEEP';
  /** The message is meant for the client (the http-errors convention the libraries honour). */
  readonly expose = true;

  constructor(limit: number) {
    super(`the JSON body nests deeper than ${limit} levels of arrays and objects (server.jsonDepthLimit)`);
    this.name = 'JsonTooDeep';
  }
}

/** Measures a JSON text chunk by chunk; {@link measure} throws once it nests deeper than `limit`. */
export class JsonDepthGauge {
  readonly #limit: number;
  #depth = 0;
  #inString = false;
  #escaped = false;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Reads the next chunk of the text; throws {@link JsonTooDeep} at the first level too many. */
  measure(chunk: Uint8Array): void {
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > this.#limit) throw new JsonTooDeep(this.#limit);
      } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && depth > 0) {
        depth--;
      }
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
  }
}
