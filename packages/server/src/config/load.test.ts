import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/support/temp.js';
import { ConfigError } from '../settings/errors.js';
import { loadConfig, serviceURL } from './load.js';

const tempDir = useTempDirs();

function dirWithConfig(content?: unknown): string {
  const dir = tempDir();
  if (content !== undefined) writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(content));
  return dir;
}

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('fills every default when there is no file', () => {
    const cwd = dirWithConfig();
    const { config, file } = loadConfig({ cwd, env: {} });
    expect(file).toBeUndefined();
    expect(config.server).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: join(cwd, '.data', 'gatehouse'),
      verbose: false,
      logLevel: 'info',
      logFormat: 'auto',
      bodyLimit: 1024 * 1024,
      shutdownTimeout: 10_000,
      homePage: true,
      trustProxy: false,
      hosts: [],
      jsonDepthLimit: 256,
      workers: 'auto',
    });
    expect(config.auth).toMatchObject({
      tokenDuration: 15 * 60_000,
      cookieDuration: 31 * 24 * 3_600_000,
      revocationCheck: 10_000,
      audiences: [],
      sameSite: 'lax',
      disableXSRF: false,
      direct: {
        enabled: true,
        name: 'local',
        credentialsFile: join(cwd, '.data', 'gatehouse', 'users.passwd'),
      },
    });
    expect(serviceURL(config)).toBe('http://127.0.0.1:8080');
  });

  it('reads gatehouse.config.json from the current directory and parses durations', () => {
    const cwd = dirWithConfig({ server: { port: 9000, dataDir: 'state' }, auth: { tokenDuration: '1h30m' } });
    const { config, file } = loadConfig({ cwd, env: {} });
    expect(file).toBe(join(cwd, 'gatehouse.config.json'));
    expect(config.server.port).toBe(9000);
    expect(config.server.dataDir).toBe(join(cwd, 'state'));
    expect(config.auth.tokenDuration).toBe(90 * 60_000);
  });

  it('applies flags over environment over file', () => {
    const cwd = dirWithConfig({ server: { port: 9000, host: '0.0.0.0', url: 'https://file.example' } });
    const env = { GATEHOUSE_PORT: '9001', GATEHOUSE_HOST: '::1' };
    const { config } = loadConfig({
      cwd,
      env,
      flags: [{ key: 'server.port', value: 9002, source: '--port' }],
    });
    expect(config.server.port).toBe(9002);
    expect(config.server.host).toBe('::1');
    expect(serviceURL(config)).toBe('https://file.example');
    expect(serviceURL({ ...config, server: { ...config.server, url: undefined } })).toBe('http://[::1]:9002');
  });

  it('reads the file named by GATEHOUSE_CONFIG', () => {
    const cwd = dirWithConfig();
    writeFileSync(join(cwd, 'other.json'), JSON.stringify({ server: { verbose: true } }));
    const { config, file } = loadConfig({
      cwd,
      env: { GATEHOUSE_CONFIG: 'other.json', GATEHOUSE_VERBOSE: '0' },
    });
    expect(file).toBe(join(cwd, 'other.json'));
    expect(config.server.verbose).toBe(false);
  });

  it('resolves a named credentials file against the current directory', () => {
    const cwd = dirWithConfig({ auth: { direct: { credentialsFile: 'etc/users' } } });
    expect(loadConfig({ cwd, env: {} }).config.auth.direct.credentialsFile).toBe(join(cwd, 'etc', 'users'));
  });
});

describe('loadConfig checks', () => {
  it('strips a trailing slash from server.url and refuses a non-http URL', () => {
    expect(
      loadConfig({ cwd: dirWithConfig({ server: { url: 'https://gate.example/' } }), env: {} }).config.server
        .url,
    ).toBe('https://gate.example');
    expect(
      problemsOf(() => loadConfig({ cwd: dirWithConfig({ server: { url: 'ftp://x' } }), env: {} })),
    ).toEqual([
      'server.url (from gatehouse.config.json): expected an http(s) URL like "https://gate.example.com", got "ftp://x"',
    ]);
  });

  it('names each bad key, its source and the expected value', () => {
    const cwd = dirWithConfig({
      auth: { sameSite: 'lenient', audiences: 'a', direct: { name: 'Bad Name' } },
    });
    const problems = problemsOf(() => loadConfig({ cwd, env: { GATEHOUSE_ADMIN_PASSWD: 'short' } }));
    expect(problems).toEqual(
      expect.arrayContaining([
        'auth.sameSite (from gatehouse.config.json): expected "lax", "strict" or "none", got "lenient"',
        'auth.audiences (from gatehouse.config.json): expected a list of strings, got "a"',
        'auth.direct.name (from gatehouse.config.json): expected a provider name of a-z, 0-9, "_" and "-", got "Bad Name"',
        'auth.adminPasswd (from GATEHOUSE_ADMIN_PASSWD): expected at least 12 characters, got a string of 5 characters',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses a file whose top level is not an object', () => {
    const cwd = dirWithConfig([1, 2]);
    expect(problemsOf(() => loadConfig({ cwd, env: {} }))[0]).toMatch(
      /gatehouse\.config\.json: expected a JSON object/,
    );
  });

  it('formats the error message with one "config error:" line per problem', () => {
    const cwd = dirWithConfig({ nope: 1, server: { nope: 2 } });
    expect(() => loadConfig({ cwd, env: {} })).toThrow(
      /^config error: server\.nope: unknown key \(known: host, port, url, dataDir, [^)]+\)\nconfig error: nope: unknown key \(known: server, tls, access, auth, [^)]+\)$/,
    );
  });
});
