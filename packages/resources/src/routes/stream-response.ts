/**
 * Sends query results as a streamed JSON array: batches of rendered rows are written as the store
 * yields them (in chunks of at least 16 KB), so memory stays flat whatever the result size. The
 * first batch is read before any byte is sent, so a query the database rejects (bad regex, timeout at start) still
 * gets a proper error status instead of a truncated 200.
 * @module
 */
import { pipeline, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Logger } from '../logger.js';
import { type CompressionSettings, chooseEncoding, createCompressor } from './compression.js';

const CHUNK_CHARS = 16_384;

function prettify(object: string): string {
  return JSON.stringify(JSON.parse(object), null, 2).replace(/\n/g, '\n  ');
}

async function* arrayChunks(
  first: IteratorResult<readonly string[]>,
  rest: AsyncIterator<readonly string[]>,
  pretty: boolean,
  logger: Logger,
): AsyncGenerator<string> {
  const separator = pretty ? ',\n  ' : ',';
  const join = (objects: readonly string[]) => (pretty ? objects.map(prettify) : objects).join(separator);
  try {
    let buffer = '';
    let empty = true;
    for (let next = first; !next.done; next = await rest.next()) {
      if (next.value.length === 0) continue;
      buffer += (empty ? (pretty ? '[\n  ' : '[') : separator) + join(next.value);
      empty = false;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    yield empty ? '[]' : `${buffer}${pretty ? '\n]' : ']'}`;
  } catch (error) {
    // Headers are gone: the only honest signal left is to cut the response short.
    logger.logf('[ERROR] resources: query failed while streaming: %s', (error as Error).message);
    throw error;
  } finally {
    await rest.return?.();
  }
}

/** How `sendJsonArray` and `sendJsonObject` write their answer. */
export interface JsonArrayOptions {
  readonly pretty: boolean;
  readonly logger: Logger;
  readonly compression: CompressionSettings;
}

/**
 * Streams `batches` of JSON texts (objects, or values for fact-names) as one JSON array, the body
 * of `reply`, compressed when the client accepts it and the answer reaches `compression.minBytes`.
 */
export async function sendJsonArray(
  reply: FastifyReply,
  batches: AsyncIterable<readonly string[]>,
  options: JsonArrayOptions,
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  let first: IteratorResult<readonly string[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  reply.type('application/json; charset=utf-8');
  const chunks = arrayChunks(first, iterator, options.pretty, options.logger);
  return sendChunks(reply, chunks, iterator, options.compression);
}

/**
 * Sends text chunks, compressed when the client accepts it and they reach `compression.minBytes`.
 * `iterator` is the database cursor behind them, released however the body ends.
 */
async function sendChunks(
  reply: FastifyReply,
  chunks: AsyncGenerator<string>,
  iterator: AsyncIterator<unknown> | undefined,
  compression: CompressionSettings,
): Promise<FastifyReply> {
  const encoding = compression.enabled ? chooseEncoding(reply.request.headers['accept-encoding']) : undefined;
  if (compression.enabled) reply.header('Vary', 'Accept-Encoding');
  if (encoding === undefined) return reply.send(releasing(Readable.from(chunks), iterator));
  // Read ahead up to the threshold: a short answer goes out whole, uncompressed, before any
  // compressor is made. Nothing is sent yet, so a failure here still gets its own status.
  let head = '';
  for (;;) {
    if (Buffer.byteLength(head) >= compression.minBytes) break;
    const next = await chunks.next();
    if (next.done) return reply.send(head);
    head += next.value;
  }
  const source = releasing(Readable.from(prepend(head, chunks)), iterator);
  const body = pipeline(source, createCompressor(encoding), () => {
    // Errors end the response short (see arrayChunks); nothing else to do here.
  });
  return reply.header('Content-Encoding', encoding).send(body);
}

/**
 * Sends the one object of a single-entity route (`/nodes/<node>`, `/catalogs/<node>`). The parent
 * check has found the row already; the answer is small, so it is sent whole (compressed like any
 * other answer above the threshold).
 */
export async function sendJsonObject(
  reply: FastifyReply,
  objects: AsyncIterable<string>,
  options: JsonArrayOptions,
): Promise<FastifyReply> {
  let object: string | undefined;
  for await (const text of objects) {
    object = text;
    break;
  }
  if (object === undefined) throw new Error('the parent row vanished between its check and its query');
  const text = options.pretty ? JSON.stringify(JSON.parse(object), null, 2) : object;
  reply.type('application/json; charset=utf-8');
  async function* one() {
    yield text;
  }
  return sendChunks(reply, one(), undefined, options.compression);
}

async function* prepend(head: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head;
  yield* rest;
}

/**
 * Releases the database cursor however the body ends. The generator's own `finally` is not
 * enough: when the client is gone before the body starts, Fastify destroys the stream and a
 * generator that never started skips its `finally`, which would leak a pooled connection.
 */
function releasing(body: Readable, iterator: AsyncIterator<unknown> | undefined): Readable {
  body.once('close', () => {
    iterator?.return?.().catch(() => undefined);
  });
  return body;
}
