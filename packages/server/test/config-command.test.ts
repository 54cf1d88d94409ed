/** `gatehouse config check|show` as a real process. */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from './support/cli.js';
import { createCA } from './support/pki.js';
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
    const [ok, note, ...rules] = result.stderr.trim().split('\n');
    expect(ok).toBe(`config ok: ${join(cwd, 'gatehouse.config.json')}`);
    expect(note).toBe('webhooks.modulesDir: none named (--modules DIR), so no webhooks');
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

  it('check refuses a database URL of a kind the service does not speak, instead of making it a file name', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ resources: { database: 'mysql://x' } }),
    );
    const result = await runCli(['config', 'check'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'config error: resources.database (from gatehouse.config.json): expected an SQLite file path or a postgres:// URL, got "mysql://x"',
    );
    const serve = await runCli(['serve', '--port', '0'], { cwd });
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain('config error: resources.database (from gatehouse.config.json)');
  });

  it('check refuses a modules folder that is named but does not exist, and a data folder that is a file', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'data'), '');
    const result = await runCli(['config', 'check', '--modules', 'hooks', '--data-dir', 'data'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `config error: server.dataDir (from --data-dir): ${join(cwd, 'data')} is a file, expected a folder`,
      `config error: webhooks.modulesDir (from --modules): no such folder ${join(cwd, 'hooks')}`,
    ]);
  });

  it('serve stops on a named modules folder that does not exist, before listening', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'gate.json'), JSON.stringify({ webhooks: { modulesDir: 'hooks' } }));
    const serve = await runCli(['serve', '--port', '0'], { cwd, env: { GATEHOUSE_CONFIG: 'gate.json' } });
    expect(serve.code).toBe(2);
    expect(serve.stderr.trim()).toBe(
      `config error: webhooks.modulesDir (from gate.json): no such folder ${join(cwd, 'hooks')}`,
    );
  });

  it('check names folders the service user cannot write or read', async () => {
    const cwd = tempDir();
    chmodSync(cwd, 0o755);
    const data = join(cwd, 'data');
    const hooks = join(cwd, 'hooks');
    mkdirSync(data);
    mkdirSync(hooks);
    // Root passes every permission check: as root, run the CLI as nobody on folders root owns.
    const asRoot = process.getuid?.() === 0;
    chmodSync(data, asRoot ? 0o755 : 0o555);
    chmodSync(hooks, asRoot ? 0o700 : 0o000);
    const result = await runCli(['config', 'check', '--data-dir', data, '--modules', hooks], {
      cwd,
      ...(asRoot ? { user: { uid: 65534, gid: 65534 } } : {}),
    });
    chmodSync(hooks, 0o700);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `config error: server.dataDir (from --data-dir): this user cannot read and write the folder ${data}`,
      `config error: webhooks.modulesDir (from --modules): this user cannot read the folder ${hooks}`,
    ]);
  });

  it('check names the avatar store, credentials file and TLS files the service user cannot use', async () => {
    const cwd = tempDir();
    chmodSync(cwd, 0o755);
    const avatars = join(cwd, 'avatars');
    mkdirSync(avatars);
    const pki = createCA(tempDir());
    const { cert, key } = pki.server();
    const asRoot = process.getuid?.() === 0;
    chmodSync(avatars, asRoot ? 0o755 : 0o555);
    chmodSync(key, asRoot ? 0o600 : 0o000); // root's, as a key is until the service's user may read it
    chmodSync(cert, 0o644);
    chmodSync(pki.dir, 0o755);
    const file = {
      server: { dataDir: join(cwd, 'data') },
      auth: { direct: { credentialsFile: join(cwd, 'nowhere', 'users.passwd') } },
      tls: { cert, key },
    };
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
    chmodSync(join(cwd, 'gatehouse.config.json'), 0o644);
    mkdirSync(join(cwd, 'data'), { mode: 0o777 });
    chmodSync(join(cwd, 'data'), 0o777);
    writeFileSync(join(cwd, 'nowhere'), '');
    const result = await runCli(['config', 'check', '--avatar-store', `file://${avatars}`], {
      cwd,
      ...(asRoot ? { user: { uid: 65534, gid: 65534 } } : {}),
    });
    chmodSync(key, 0o600);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `config error: auth.direct.credentialsFile (from gatehouse.config.json): cannot create ${join(cwd, 'nowhere', 'users.passwd')}: ${join(cwd, 'nowhere')} is a file`,
      `config error: avatars.store (from --avatar-store): this user cannot read and write the folder ${avatars}`,
      `config error: tls.key (from gatehouse.config.json): this user cannot read ${key}`,
    ]);
  });
});
