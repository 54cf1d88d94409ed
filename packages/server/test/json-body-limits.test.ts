/**
 * Deep and huge bodies to every JSON route of a real `gatehouse serve`: nesting past
 * `server.jsonDepthLimit` answers 400 naming the key before anything recurses, a body past its size
 * key answers 413 naming it (`resources.commandBodyLimit` for PuppetDB commands, `server.bodyLimit`
 * elsewhere), and a property-based run of hostile bodies never gets a 5xx or ends the process.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, type ServingProcess, startServe } from './support/cli.js';
import { httpCall } from './support/http-call.js';
import { makeTempDir } from './support/temp.js';

const DEPTH_ERROR =
  'the JSON body nests deeper than 256 levels of arrays and objects (server.jsonDepthLimit)';
const BODY_LIMIT = 64 * 1024;
const COMMAND_BODY_LIMIT = 200_000;
const WEBHOOK_BODY_LIMIT = 100_000;

let cwd: string;
let service: ServingProcess;

beforeAll(async () => {
  buildCli();
  cwd = makeTempDir('gatehouse-json-limits-');
  mkdirSync(join(cwd, 'modules'));
  writeFileSync(
    join(cwd, 'modules', 'hello.ts'),
    "export default class { handleHello(p: { name?: string }) { return 'hi ' + p.name; } }",
  );
  writeFileSync(
    join(cwd, 'gatehouse.config.json'),
    JSON.stringify({
      server: { bodyLimit: BODY_LIMIT },
      resources: { commandBodyLimit: COMMAND_BODY_LIMIT },
      webhooks: { modulesDir: 'modules', bodyLimit: WEBHOOK_BODY_LIMIT },
    }),
  );
  service = await startServe(['--port', '0'], { cwd });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  rmSync(cwd, { recursive: true, force: true });
});

/** Every route that reads a JSON body, with how its 400 reads. */
const jsonRoutes = [
  { path: '/pdb/cmd/v1', error: (body: string) => (JSON.parse(body) as { error: string }).error },
  { path: '/pdb/query/v4', error: (body: string) => body },
  { path: '/auth/local/login', error: (body: string) => (JSON.parse(body) as { error: string }).error },
  { path: '/admin/sessions/revoke', error: (body: string) => (JSON.parse(body) as { error: string }).error },
  { path: '/webhook/hello/handleHello', error: undefined },
] as const;

const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  httpCall(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/** `levels` objects inside each other: 6 bytes a level, 5,000 levels in 30 KB. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function factsCommand(values: Record<string, unknown>): string {
  return JSON.stringify({
    command: 'replace facts',
    version: 5,
    payload: {
      certname: 'deep.example.com',
      environment: 'production',
      producer_timestamp: '2030-01-01T00:00:00Z',
      producer: 'puppet.example.com',
      values,
    },
  });
}

describe('a body nested past server.jsonDepthLimit', () => {
  it('answers 400 naming the limit on every JSON route, 5,000 levels and 257 alike', async () => {
    for (const levels of [5000, 257]) {
      for (const route of jsonRoutes) {
        const answer = await post(route.path, nested(levels));
        expect(answer.status, `${route.path} ${levels}`).toBe(400);
        if (route.error) expect(route.error(answer.body), route.path).toBe(DEPTH_ERROR);
      }
    }
  });

  it('is refused inside a PuppetDB command, gzip-compressed or not; 256 levels are stored', async () => {
    const deep = factsCommand({ deep: JSON.parse(nested(300)) });
    for (const [body, headers] of [
      [deep, {}],
      [gzipSync(deep), { 'content-encoding': 'gzip' }],
    ] as const) {
      const answer = await post('/pdb/cmd/v1', body, headers);
      expect([answer.status, JSON.parse(answer.body)]).toEqual([400, { error: DEPTH_ERROR }]);
    }
    const fits = factsCommand({ deep: JSON.parse(nested(250)) });
    expect((await post('/pdb/cmd/v1', fits)).status).toBe(200);
  });
});

describe('a body past its size key', () => {
  it('answers a command above resources.commandBodyLimit 413 naming the key; below it is stored', async () => {
    const huge = factsCommand({ pad: 'x'.repeat(COMMAND_BODY_LIMIT) });
    const answer = await post('/pdb/cmd/v1', huge);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: `The body is larger than ${COMMAND_BODY_LIMIT} bytes (resources.commandBodyLimit)`,
      code: 'ERR_CMD_TOO_LARGE',
    });
    // Above server.bodyLimit, below the command key: the command key alone decides.
    const big = factsCommand({ pad: 'x'.repeat(BODY_LIMIT * 2) });
    expect((await post('/pdb/cmd/v1', big)).status).toBe(200);
    const bomb = gzipSync(factsCommand({ pad: 'x'.repeat(COMMAND_BODY_LIMIT * 5) }));
    const inflated = await post('/pdb/cmd/v1', bomb, { 'content-encoding': 'gzip' });
    expect(inflated.status).toBe(413);
    expect(inflated.body).toContain('(resources.commandBodyLimit)');
  });

  it('answers 413 above server.bodyLimit on login and admin, above webhooks.bodyLimit on webhooks', async () => {
    const huge = JSON.stringify({ user: 'x'.repeat(BODY_LIMIT * 2) });
    for (const path of ['/auth/local/login', '/admin/sessions/revoke']) {
      expect((await post(path, huge)).status, path).toBe(413);
    }
    const hugeHook = JSON.stringify({ name: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    expect((await post('/webhook/hello/handleHello', hugeHook)).status).toBe(413);
  });
});

function isJson(body: string | Buffer): boolean {
  try {
    JSON.parse(body.toString());
    return true;
  } catch {
    return false;
  }
}

/**
 * Hostile bodies: nestings past the limit (closed or not), and bracket soup, any text or any bytes
 * that are not JSON (a valid shallow JSON object may rightly be accepted, by a webhook for one).
 */
const hostileBody = fc.oneof(
  fc.integer({ min: 257, max: 20_000 }).map((levels) => nested(levels)),
  fc
    .tuple(fc.integer({ min: 257, max: 20_000 }), fc.constantFrom('[', '{"k":', '[{"k":'))
    .map(([levels, open]) => open.repeat(levels)),
  fc
    .oneof(
      fc
        .array(fc.constantFrom('[', ']', '{', '}', '"', '\\', ':', ',', '1', 'a'), { maxLength: 4000 })
        .map((parts) => parts.join('')),
      fc.string({ maxLength: 2000 }),
      fc.uint8Array({ maxLength: 4000 }).map((bytes) => Buffer.from(bytes)),
    )
    .filter((body) => body.toString().trim().length > 0 && !isJson(body)),
);

/** JSON's own type, and the types a browser may send across sites without asking (a form is not JSON). */
const contentTypes = ['application/json', 'text/plain', 'application/octet-stream'];

describe('any hostile body to any JSON route (property)', () => {
  it('gets a 4xx and leaves the service up', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...jsonRoutes.map((route) => route.path)),
        hostileBody,
        fc.constantFrom(...contentTypes),
        fc.boolean(),
        async (path, body, contentType, gzip) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          if (gzip) headers['content-encoding'] = 'gzip';
          const answer = await post(path, gzip && typeof body === 'string' ? gzipSync(body) : body, headers);
          expect(answer.status, `${path} ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${path} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    expect((await httpCall(`${service.url}/ping`)).status).toBe(200);
    expect(service.child.exitCode).toBeNull();
  });
});
