/** `gatehouse config check|show` as a real process. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

beforeAll(() => {
  buildCli();
});

describe('gatehouse config', () => {
  it('check exits 0 for a valid file and names it', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ server: { port: 9100 } }));
    const result = await runCli(['config', 'check'], { cwd });
    expect(result.code).toBe(0);
    const [ok, ...rules] = result.stderr.trim().split('\n');
    expect(ok).toBe(`config ok: ${join(cwd, 'gatehouse.config.json')}`);
    expect(rules).toContain('access: commands (PuppetDB commands): loopback clients');
    expect(rules).toContain('access: queries (PuppetDB queries): loopback clients or logged-in users');
    expect(rules).toContain('access: forward (forward authentication for reverse proxies): everyone');
    expect(rules).toHaveLength(8);
  });

  it('check refuses a public writing group on a network address, naming the group and the key', async () => {
    const cwd = tempDir();
    const file = { server: { host: '0.0.0.0' }, access: { webhooks: 'public' } };
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
    const result = await runCli(['config', 'check'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^config error: access\.webhooks \(from gatehouse\.config\.json\): "public" lets anyone who reaches 0\.0\.0\.0 use the webhooks routes .*add "webhooks" to access\.allowPublicWrites/,
    );
  });

  it('check exits 2 with the same lines serve would print', async () => {
    const cwd = tempDir();
    const result = await runCli(['config', 'check', '--port', '99999'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'config error: server.port (from --port): expected an integer port 0-65535, got 99999',
    );
  });

  it('show prints the effective values with secrets masked', async () => {
    const cwd = tempDir();
    const env = {
      GATEHOUSE_SECRET: 'a-secret-that-is-long-enough-to-sign-with',
      GATEHOUSE_RESOURCES_DATABASE: 'postgres://gate:pw-in-url@127.0.0.1:5432/gate',
    };
    const result = await runCli(['config', 'show', '--port', '9200'], { cwd, env });
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout);
    expect(shown.server).toMatchObject({
      port: 9200,
      host: '127.0.0.1',
      dataDir: join(cwd, '.data', 'gatehouse'),
    });
    expect(shown.auth.secret).toBe('(set)');
    expect(shown.auth.tokenDuration).toBe(900_000);
    expect(shown.resources.database).toBe('postgres://gate:***@127.0.0.1:5432/gate');
    expect(result.stdout).not.toContain('long-enough');
    expect(result.stdout).not.toContain('pw-in-url');
  });

  it('refuses an unknown action', async () => {
    const result = await runCli(['config', 'edit'], { cwd: tempDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('gatehouse config: expected "check" or "show"');
  });
});
