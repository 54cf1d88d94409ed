/**
 * Property-based tests (fast-check) over a real Fastify app and real sandboxed worker processes:
 * whatever body a caller sends and whatever a worker writes to its channel, the service answers a
 * status it means (2xx for what it serves, 4xx for a body it refuses, 502 for what a worker must not
 * send) and keeps serving. JSON bodies deeper than `maxDepth` are refused with 400 before anything
 * parses them; shallower ones reach the handler whole.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const MAX_DEPTH = 16;

const ECHO =
  'export default class { handleEcho(p) { delete p._webhook; return p; } handleOk() { return "ok"; } }';
// Writes a line to the channel's descriptor (past the worker's own code), then answers late.
const FORGER = `import { writeSync } from 'node:fs';
export default class {
  handleOk() { return 'ok'; }
  handleForge(p) {
    const bytes = Buffer.from(p.line + '\\n');
    for (let at = 0; at < bytes.length; ) at += writeSync(3, bytes, at);
    return new Promise((resolve) => setTimeout(resolve, 300, 'late'));
  }
}`;

let svc: TestService;

beforeAll(async () => {
  svc = await startService(
    { 'echo.mjs': ECHO, 'forger.mjs': FORGER },
    { maxDepth: MAX_DEPTH, timeoutMs: 10_000 },
  );
}, 60_000);

afterAll(() => svc?.close());

async function stillServing(module: string): Promise<void> {
  expect((await post(svc.base, `/webhook/${module}/handleOk`)).status).toBe(200);
}

/** A JSON value nested exactly `depth` levels deep, alternating arrays and objects. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

describe('JSON body limits', () => {
  it('a body nested deeper than maxDepth is refused with 400 naming the limit; others reach the handler whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3000 }),
        fc.jsonValue({ maxDepth: 2 }),
        async (depth, leaf) => {
          const body = { v: nested(depth, leaf) };
          const total = depth + 1 + (typeof leaf === 'object' && leaf !== null ? measure(leaf) : 0);
          const reply = await post(svc.base, '/webhook/echo/handleEcho', body);
          if (total > MAX_DEPTH) {
            expect(reply.status).toBe(400);
            expect(reply.body).toEqual({
              error: `JSON body nested too deeply: more than ${MAX_DEPTH} levels`,
            });
          } else {
            expect(reply.status).toBe(200);
            expect(reply.body).toEqual({ success: true, data: JSON.parse(JSON.stringify(body)) });
          }
        },
      ),
      { numRuns: 40 },
    );
    await stillServing('echo');
  });

  it('any bytes as a body answer 200 or a 4xx, never end the service', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.stringMatching(/^[[\]{}":,0-9a-z\\]{0,400}$/)),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (text, type) => {
          const reply = await post(svc.base, '/webhook/echo/handleEcho', text, { 'content-type': type });
          expect([200, 400, 415]).toContain(reply.status);
        },
      ),
      { numRuns: 60 },
    );
    await stillServing('echo');
  });
});

/** How deeply a parsed JSON value nests (test data only: small). */
function measure(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(measure));
}

describe('the worker protocol', () => {
  const answers = (status: number, extra: Record<string, unknown>) =>
    JSON.stringify({
      type: 'answers',
      answers: Array.from({ length: 400 }, (_, i) => ({
        id: i + 1,
        answer: { status, body: 'forged', ...extra },
      })),
    });

  it('whatever line a worker writes, the call answers 200-599 and the module serves again', async () => {
    const line = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => s.replace(/\n/g, ' ')),
      fc.json({ maxDepth: 4 }),
      fc
        .record({
          type: fc.constantFrom('answers', 'ready', 'fatal', 'load-failed', 'calls'),
          answers: fc.anything(),
        })
        .map((m) => JSON.stringify(m)),
    );
    await fc.assert(
      fc.asyncProperty(line, async (text) => {
        const reply = await post(svc.base, '/webhook/forger/handleForge', { line: text });
        expect(reply.status).toBeGreaterThanOrEqual(200);
        expect(reply.status).toBeLessThanOrEqual(599);
        await stillServing('forger');
      }),
      { numRuns: 25 },
    );
  });

  it('a forged answer with a status outside 200-599 or a banned header answers 502', async () => {
    const bad = fc.oneof(
      fc
        .integer()
        .filter((status) => status < 200 || status > 599)
        .map((status) => answers(status, {})),
      fc
        .constantFrom('Set-Cookie', 'set-cookie', 'Location', 'Content-Security-Policy', 'Clear-Site-Data')
        .map((name) => answers(200, { headers: { [name]: 'x' } })),
      fc
        .anything()
        .filter((body) => typeof body !== 'string')
        .map((body) => answers(200, { body })),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (text) => {
        const reply = await post(svc.base, '/webhook/forger/handleForge', { line: text });
        expect(reply.status).toBe(502);
        expect(reply.headers.get('set-cookie')).toBeNull();
        await stillServing('forger');
      }),
      { numRuns: 20 },
    );
    expect(svc.lines.some((line) => /webhooks: forger\.handleForge answered 502/.test(line))).toBe(true);
  });
});
