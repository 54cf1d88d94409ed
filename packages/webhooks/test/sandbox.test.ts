/**
 * The sandbox fails closed: where it cannot be had, constructing the registry throws an
 * IsolationUnavailableError that names what is missing, never a silent start with less isolation;
 * and the registry says in words which isolation runs.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
