/** The real `gatehouse` process: help, flags, config errors and exit codes. */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { binPath, buildCli, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

beforeAll(() => {
  buildCli();
});

/** The distribution's node when it is older than the minimum (Debian 13 ships Node 20), else undefined. */
const oldNode = (() => {
  const path = '/usr/bin/node';
  if (!existsSync(path)) return undefined;
  const [major = 0, minor = 0] = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' })
    .stdout.trim()
    .split('.')
    .map(Number);
  return major < 22 || (major === 22 && minor < 13) ? path : undefined;
})();

describe('the Node.js version', () => {
  it.skipIf(oldNode === undefined)(
    'an older Node.js gets one clear line and exit 1, before any module is loaded',
    () => {
      const result = spawnSync(oldNode!, [binPath, '--version'], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^gatehouse needs Node\.js 22\.13 or later; this is v\d+\./);
      expect(result.stderr).toContain('run `. scripts/env.sh`');
      expect(result.stdout).toBe('');
    },
  );
});

describe('help', () => {
  it('gatehouse --help lists the commands on stdout and exits 0', async () => {
    const result = await runCli(['--help'], { cwd: tempDir() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: gatehouse <command>');
    expect(result.stdout).toMatch(/serve\s+start the service/);
    expect(result.stdout).toMatch(/users\s+add, remove or list/);
  });

  it('gatehouse serve --help documents every flag and environment variable', async () => {
    const result = await runCli(['serve', '--help'], { cwd: tempDir() });
    expect(result.code).toBe(0);
    for (const flag of [
      '--config FILE',
      '--port N',
      '--host H',
      '--data-dir DIR',
      '--url URL',
      '--verbose',
    ]) {
      expect(result.stdout).toContain(flag);
    }
    for (const variable of [
      'GATEHOUSE_SECRET',
      'GATEHOUSE_PORT',
      'GATEHOUSE_HOST',
      'GATEHOUSE_URL',
      'GATEHOUSE_ADMIN_PASSWD',
    ]) {
      expect(result.stdout).toContain(variable);
    }
  });

  it('no command prints the usage on stderr and exits 2', async () => {
    const result = await runCli([], { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: gatehouse <command>');
  });

  it('--version prints the package version', async () => {
    const result = await runCli(['--version'], { cwd: tempDir() });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('bad command lines exit 2 with one clear line', () => {
  it.each([
    [['serve', '--bogus'], "gatehouse serve: Unknown option '--bogus' (see: gatehouse serve --help)"],
    [
      ['serve', '--port'],
      "gatehouse serve: Option '--port <value>' argument missing (see: gatehouse serve --help)",
    ],
    [['serve', 'extra'], "gatehouse serve: Unexpected argument 'extra' (see: gatehouse serve --help)"],
    [['launch'], "gatehouse: unknown command 'launch' (see: gatehouse --help)"],
  ])('%j', async (args, message) => {
    const result = await runCli(args, { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });
});

describe('bad configuration exits 2 and names the key', () => {
  async function serveWithConfig(content: string, env: Record<string, string> = {}, args: string[] = []) {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'gatehouse.config.json'), content);
    return runCli(['serve', ...args], { cwd, env });
  }

  it('reports an unknown key', async () => {
    const result = await serveWithConfig(JSON.stringify({ auth: { tokenDurration: '1h' } }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('config error: auth.tokenDurration: unknown key');
  });

  it('reports a wrong type with what was expected and what was given', async () => {
    const result = await serveWithConfig(JSON.stringify({ auth: { tokenDuration: 42 } }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'config error: auth.tokenDuration (from gatehouse.config.json): expected a duration like "15m" (units ms, s, m, h, d), got 42',
    );
  });

  it('reports every problem at once', async () => {
    const result = await serveWithConfig(
      JSON.stringify({ server: { port: 70000, verbose: 'yes' }, extra: {} }),
    );
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(
      'config error: server.port (from gatehouse.config.json): expected an integer port 0-65535, got 70000',
    );
    expect(lines).toContain(
      'config error: server.verbose (from gatehouse.config.json): expected true or false, got "yes"',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^config error: extra: unknown key \(known: server, tls, access, auth, /),
    );
  });

  it('reports a file that is not JSON', async () => {
    const result = await serveWithConfig('{"server": {');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^config error: .*gatehouse\.config\.json: not valid JSON \(/);
  });

  it('reports a missing --config file', async () => {
    const result = await runCli(['serve', '--config', 'nowhere.json'], { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^config error: .*nowhere\.json: cannot read the file \(ENOENT\)/);
  });

  it('names the environment variable or flag a bad value came from, never echoing a secret', async () => {
    const result = await serveWithConfig('{}', { GATEHOUSE_PORT: 'http', GATEHOUSE_SECRET: 'tooshort' }, [
      '--host',
      '',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'config error: server.port (from GATEHOUSE_PORT): expected an integer port 0-65535, got "http"',
    );
    expect(result.stderr).toContain(
      'config error: auth.secret (from GATEHOUSE_SECRET): expected at least 32 characters, got a string of 8 characters',
    );
    expect(result.stderr).toContain(
      'config error: server.host (from --host): expected a non-empty string, got ""',
    );
    expect(result.stderr).not.toContain('tooshort');
  });
});
