/**
 * A fleet fed through the command API behind a real HTTP server for one describe block (the example
 * fleet of example-fleet.ts, or what the block feeds): the hooks start it before the block's tests
 * and close it after; `get` and `rows` query it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../../../src/store/types.js';
import { buildTestApp, type TestApp } from '../commands/fixtures.js';
import { feedExampleFleet } from './example-fleet.js';

export type Obj = Record<string, unknown>;
export type Params = Record<string, unknown>;

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
  json(): unknown;
}

export interface ExampleServer {
  /** GET `/pdb/query/v4<path>`; parameters that are not strings are sent as JSON. */
  get(path: string, params?: Params): Promise<Answer>;
  /** The same, expecting 200 and a JSON array. */
  rows(path: string, params?: Params): Promise<Obj[]>;
}

/** Registers the hooks of a server over the example fleet fed at `now`, on `dialect`. */
export function exampleServer(dialect: Dialect, now: number): ExampleServer {
  return fedServer(dialect, (app) => feedExampleFleet(app, now));
}

/** Registers the hooks of a server on `dialect` over what `feed` sends to its command API. */
export function fedServer(dialect: Dialect, feed: (app: FastifyInstance) => Promise<void>): ExampleServer {
  let h: TestApp | undefined;
  let base = '';
  beforeAll(async () => {
    h = await buildTestApp(dialect);
    await feed(h.app);
    base = `${await h.app.listen({ host: '127.0.0.1', port: 0 })}/pdb/query/v4`;
  });
  afterAll(async () => {
    await h?.close();
  });
  const get = async (path: string, params: Params = {}): Promise<Answer> => {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params))
      url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const res = await fetch(url);
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as unknown, headers: res.headers };
  };
  const rows = async (path: string, params: Params = {}) => {
    const res = await get(path, params);
    expect(res.status, res.text).toBe(200);
    return res.json() as Obj[];
  };
  return { get, rows };
}
