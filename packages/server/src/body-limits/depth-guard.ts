/**
 * @module body-limits/depth-guard
 * Puts the {@link JsonDepthGauge} in front of every route of the service: a root `preParsing` hook
 * that measures each request body as it streams in, before any content-type parser, library or
 * worker sees it. A body nested deeper than `server.jsonDepthLimit` fails with a 400 naming the
 * key, in the route's own error format. Every body is measured whatever its `Content-Type`, since
 * PuppetDB's command route (like its upstream) reads any body as JSON; a gzip body (commands) is
 * measured as it inflates, at most as far as the route would read it.
 */
import { Readable } from 'node:stream';
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
  end(callback: (failure: Error | undefined) => void): void {
    if (!this.#gunzip.destroyed) this.#gunzip.end();
    void this.#done.then(() => callback(this.#failure));
  }
}

/**
 * The body as the route reads it, measured chunk by chunk as the route pulls it (never sooner: the
 * route's error listener must be there before a failure can be reported), and failing once its text
 * nests deeper than the limit. The source is read with `read()`, so nothing flows before then.
 */
class MeasuredBody extends Readable {
  readonly #source: Readable;
  readonly #gauge: JsonDepthGauge;
  readonly #inflated: InflatedGauge | undefined;
  #wanted = false;

  constructor(source: Readable, gauge: JsonDepthGauge, inflated: InflatedGauge | undefined) {
    super();
    this.#source = source;
    this.#gauge = gauge;
    this.#inflated = inflated;
    source.on('readable', () => this.#pull());
    source.once('end', () => this.#end());
    source.once('error', (error) => this.destroy(error));
    // A client that hangs up before the route listens must not end the process: the route that
    // listens later hears nothing more of a request that is gone anyway.
    this.on('error', () => {});
  }

  override _read(): void {
    this.#wanted = true;
    this.#pull();
  }

  #pull(): void {
    while (this.#wanted && !this.destroyed) {
      const chunk = this.#source.read() as Buffer | null;
      if (chunk === null) return;
      if (this.#inflated) this.#inflated.write(chunk);
      else {
        try {
          this.#gauge.measure(chunk);
        } catch (error) {
          this.destroy(error as Error);
          return;
        }
      }
      this.#wanted = this.push(chunk);
    }
  }

  #end(): void {
    if (!this.#inflated) {
      this.push(null);
      return;
    }
    this.#inflated.end((failure) => {
      if (failure) this.destroy(failure);
      else this.push(null);
    });
  }
}

/** Measures the body of every request to `app` (and every plugin registered after) against `limit`. */
export function installJsonDepthLimit(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const { headers } = request.raw;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      return done(null, payload);
    }
    const gzip = headers['content-encoding']?.trim().toLowerCase() === 'gzip';
    const bound = gzip ? request.routeOptions.bodyLimit : undefined;
    const gauge = new JsonDepthGauge(limit);
    done(
      null,
      new MeasuredBody(payload, gauge, bound === undefined ? undefined : new InflatedGauge(gauge, bound)),
    );
  });
}
