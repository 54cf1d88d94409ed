/**
 * @module body-limits/depth-guard
 * Puts the {@link JsonDepthGauge} in front of every route of the service: a root `preParsing` hook
 * that measures each request body as it streams in, before any content-type parser, library or
 * worker sees it. A body nested deeper than `server.jsonDepthLimit` fails with a 400 naming the
 * key, in the route's own error format. Every body is measured whatever its `Content-Type`, since
 * PuppetDB's command route (like its upstream) reads any body as JSON; a gzip body (commands) is
 * measured as it inflates, at most as far as the route would read it.
 */
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, type Gunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JsonDepthGauge } from './json-depth.js';

/** Measures what a gzip body inflates to, stopping (unmeasured) past `bound` bytes or at bad data. */
class InflatedGauge {
  readonly #gunzip: Gunzip = createGunzip();
  readonly #done: Promise<void>;
  #failure: Error | undefined;
  #inflated = 0;

  constructor(gauge: JsonDepthGauge, bound: number) {
    this.#gunzip.on('data', (chunk: Buffer) => {
      this.#inflated += chunk.length;
      // Past what the route reads, the route refuses the body itself (413): stop inflating.
      if (this.#inflated > bound) return this.#gunzip.destroy();
      try {
        gauge.measure(chunk);
      } catch (error) {
        this.#failure = error as Error;
        this.#gunzip.destroy();
      }
    });
    // Not gzip data: the route answers that; only the depth is this gauge's business.
    this.#done = finished(this.#gunzip).catch(() => {});
  }

  write(chunk: Buffer): void {
    if (!this.#gunzip.destroyed) this.#gunzip.write(chunk);
  }

  /** Ends the input; calls back with the depth failure, if the inflated text had one. */
  end(callback: TransformCallback): void {
    if (!this.#gunzip.destroyed) this.#gunzip.end();
    void this.#done.then(() => callback(this.#failure ?? null));
  }
}

/** `payload`, passed through unchanged, failing once its text nests deeper than `limit`. */
function measured(payload: Readable, limit: number, inflateBound: number | undefined): Transform {
  const gauge = new JsonDepthGauge(limit);
  const inflated = inflateBound === undefined ? undefined : new InflatedGauge(gauge, inflateBound);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inflated) {
        inflated.write(chunk);
        return callback(null, chunk);
      }
      try {
        gauge.measure(chunk);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      if (inflated) inflated.end(callback);
      else callback();
    },
  });
  // A client that hangs up mid-body: the parser reading `stream` must hear of it.
  payload.once('error', (error) => stream.destroy(error));
  return payload.pipe(stream);
}

/** Measures the body of every request to `app` (and every plugin registered after) against `limit`. */
export function installJsonDepthLimit(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const { headers } = request.raw;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      return done(null, payload);
    }
    const gzip = headers['content-encoding']?.trim().toLowerCase() === 'gzip';
    done(null, measured(payload, limit, gzip ? request.routeOptions.bodyLimit : undefined));
  });
}
