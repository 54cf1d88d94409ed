/**
 * The sandbox fails closed: where it cannot be had, constructing the registry throws an
 * IsolationUnavailableError that names what is missing, never a silent start with less isolation;
 * and the registry says in words which isolation runs.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { IsolationUnavailableError, Webhooks } from '../src/index.js';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];

async function modulesFolder(mode: number): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'webhooks-sandbox-'));
  made.push(parent);
  const dir = path.join(parent, 'hooks');
  await mkdir(dir);
  await writeFile(path.join(dir, 'm.js'), 'export default class { handleA() { return 1; } }');
  await chmod(parent, mode);
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('isolation "sandbox" fails closed', () => {
  it.runIf(asRoot)('run as root, a worker user that does not exist stops construction, named', async () => {
    const modulesDir = await modulesFolder(0o755);
    expect(() => new Webhooks({ modulesDir, workerUser: 'no-such-webhook-user' })).toThrow(
      IsolationUnavailableError,
    );
    expect(() => new Webhooks({ modulesDir, workerUser: 'no-such-webhook-user' })).toThrow(
      /"no-such-webhook-user" \(workerUser\), which does not exist/,
    );
    expect(() => new Webhooks({ modulesDir, workerUser: '0' })).toThrow(/which is root/);
  });

  it.runIf(asRoot)(
    'run as root, a modules folder its user cannot open stops construction, named',
    async () => {
      const modulesDir = await modulesFolder(0o700);
      expect(() => new Webhooks({ modulesDir })).toThrow(
        new RegExp(`cannot open ${path.dirname(modulesDir)}.*chmod o\\+rx`),
      );
    },
  );

  it('says which isolation runs, and "process" is the weaker one chosen by name', async () => {
    const modulesDir = await modulesFolder(0o755);
    expect(new Webhooks({ modulesDir, watch: false }).isolation).toMatch(
      /^sandbox: own network \(no loopback\), PID and mount namespaces, /,
    );
    expect(new Webhooks({ modulesDir, watch: false, isolation: 'process' }).isolation).toMatch(
      /^process: a worker process per module without namespaces \(weaker/,
    );
  });
});

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const NOBODY = 65534;
const PROBE = `export default class {
  async handleProbe(p) {
    const tried = await fetch(p.url).then((r) => 'reached ' + r.status, (e) => 'refused ' + (e.cause?.code ?? e.message));
    return { tried, ppid: process.ppid };
  }
}`;
// A host run as another user than root: the plugin on a real port, one call whose module fetches it.
const HOST = `import Fastify from 'fastify';
import { webhooksPlugin } from './dist/index.js';
const app = Fastify();
await app.register(webhooksPlugin, { modulesDir: process.argv[1], watch: false });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const res = await fetch(base + '/webhook/probe/handleProbe', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: base + '/webhook/x/y' }),
});
console.log(JSON.stringify({ status: res.status, body: await res.json(), isolation: app.webhooks.isolation }));
await app.close();`;

describe('isolation "sandbox" run as a user other than root (as the systemd unit runs it)', () => {
  it.runIf(asRoot)('is a user namespace: loopback out of reach, no parent in sight', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'webhooks-sandbox-user-'));
    made.push(dir);
    await writeFile(path.join(dir, 'probe.mjs'), PROBE);
    await chown(dir, NOBODY, NOBODY); // the host writes its transpile cache here
    const { stdout } = await promisify(execFile)(
      'setpriv',
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        process.execPath,
        '--input-type=module',
        '-e',
        HOST,
        dir,
      ],
      { cwd: PACKAGE_DIR, timeout: 60_000 },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.isolation).toMatch(/^sandbox: .*in a user namespace as the service user, no capabilities$/);
    expect(result.status).toBe(200);
    expect(result.body.data.tried).toMatch(/^refused /);
    expect(result.body.data.ppid).toBe(0);
  });
});
