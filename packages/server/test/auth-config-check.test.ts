/**
 * `gatehouse config check` on the `auth` section, as a real process: each wrong setting is one line
 * naming its key, and a secret's variable is named, never its value.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

beforeAll(() => {
  buildCli();
});

async function check(file: unknown, env: Record<string, string> = {}) {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
  const result = await runCli(['config', 'check'], { cwd, env });
  return { code: result.code, lines: result.stderr.trim().split('\n') };
}

describe('gatehouse config check: auth', () => {
  it('names the key of each wrong setting', async () => {
    const { code, lines } = await check({
      auth: {
        jwtCookieDomain: 'not a domain',
        xsrfIgnoreMethods: ['get'],
        sites: { blog: { secret: 'inline' } },
        providers: [
          { kind: 'google', clientId: 'g', clientSecretEnv: 'G_SECRET', numericId: true },
          { kind: 'github', clientId: 'gh', clientSecretEnv: 'gh-secret' },
          { kind: 'myspace', clientId: 'x' },
        ],
      },
    });
    expect(code).toBe(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        'config error: auth.jwtCookieDomain (from gatehouse.config.json): expected a domain like "example.com", got "not a domain"',
        'config error: auth.xsrfIgnoreMethods.0 (from gatehouse.config.json): expected an HTTP method in capitals, got "get"',
        'config error: auth.sites.blog.secretEnv (from gatehouse.config.json): expected a string, got nothing',
        'config error: auth.sites.blog.secret: unknown key (known: secretEnv)',
        'config error: auth.providers.0.numericId: unknown key (known: kind, clientId, clientSecretEnv, scopes, endpoints)',
        'config error: auth.providers.1.clientSecretEnv (from gatehouse.config.json): expected an environment variable name like "GITHUB_CLIENT_SECRET", got "gh-secret"',
        expect.stringMatching(
          /^config error: auth\.providers\.2\.kind \(from gatehouse\.config\.json\): expected an entry with "kind": one of github, google, .*apple, custom, oidc, verify.*, got/,
        ),
      ]),
    );
    expect(lines).toHaveLength(7);
  });

  it('names the key of each secret variable that is not set, never a value', async () => {
    const { code, lines } = await check(
      {
        auth: {
          sites: { blog: { secretEnv: 'BLOG_SECRET' }, shop: { secretEnv: 'SHOP_SECRET' } },
          providers: [{ kind: 'github', clientId: 'gh', clientSecretEnv: 'GH_SECRET', numericId: true }],
        },
      },
      { BLOG_SECRET: 'too-short-to-sign', GH_SECRET: 'set' },
    );
    expect(code).toBe(2);
    expect(lines).toEqual([
      'config error: auth.sites.blog.secretEnv (from gatehouse.config.json): environment variable BLOG_SECRET holds fewer than 32 characters',
      'config error: auth.sites.shop.secretEnv (from gatehouse.config.json): environment variable SHOP_SECRET is not set',
    ]);
    expect(lines.join('\n')).not.toContain('too-short-to-sign');
  });

  it('imports the hooks module as serve would, naming the file and the export', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'auth-hooks.ts'),
      'export const validator = (): boolean => true;\nexport const sender = {};\n',
    );
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ auth: { hooks: './auth-hooks.ts' } }));
    const result = await runCli(['config', 'check'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      `config error: auth.hooks: ${join(cwd, 'auth-hooks.ts')}: export sender: unknown hook (known: secretReader, claimsUpdater, validator, userUpdater, basicAuthChecker, credentialChecker, mapUser, senders, loginPages, devEmailFor, providers)`,
    );
  });

  it('names the key of a verify provider’s missing template, bad placeholder, sender choice and SMTP password', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'bad.txt'), 'Your code: {{.Code}}');
    const smtp = { host: '127.0.0.1', from: 'gate@example.test', passwordEnv: 'SMTP_PASSWORD' };
    const file = {
      auth: {
        providers: [
          { kind: 'verify', name: 'a', template: './missing.txt', smtp },
          { kind: 'verify', name: 'b', template: './bad.txt', smtp },
          { kind: 'verify', name: 'c' },
          { kind: 'verify', name: 'd', smtp, sender: 'chat' },
        ],
      },
    };
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(file));
    const unset = await runCli(['config', 'check'], { cwd });
    expect(unset.stderr.trim().split('\n')).toEqual([
      'config error: auth.providers.0.smtp.passwordEnv (from gatehouse.config.json): environment variable SMTP_PASSWORD is not set',
      'config error: auth.providers.1.smtp.passwordEnv (from gatehouse.config.json): environment variable SMTP_PASSWORD is not set',
      'config error: auth.providers.3.smtp.passwordEnv (from gatehouse.config.json): environment variable SMTP_PASSWORD is not set',
    ]);
    const result = await runCli(['config', 'check'], { cwd, env: { SMTP_PASSWORD: 'pw' } });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'config error: auth.providers.2: a verify provider takes either "smtp" or "sender" (a hooks module\'s), not both nor neither',
      'config error: auth.providers.3: a verify provider takes either "smtp" or "sender" (a hooks module\'s), not both nor neither',
      'config error: auth.providers.3.sender: "chat" needs auth.hooks, a module exporting senders.chat',
      `config error: auth.providers.0.template: ${join(cwd, 'missing.txt')}: ENOENT`,
      `config error: auth.providers.1.template: ${join(cwd, 'bad.txt')}: unknown placeholder {{.Code}} in the verify template (use {{.Address}}, {{.User}}, {{.Token}}, {{.Site}})`,
    ]);
  });

  it('accepts examples/auth/gatehouse.config.json once its variables are set, and names each one missing', async () => {
    const cwd = fileURLToPath(new URL('../../../examples/auth/', import.meta.url));
    const dataDir = { GATEHOUSE_DATA_DIR: tempDir() };
    const missing = await runCli(['config', 'check'], { cwd, env: dataDir });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual([
      'config error: auth.sites.blog.secretEnv (from gatehouse.config.json): environment variable BLOG_SIGNING_SECRET is not set',
      'config error: auth.providers.0.clientSecretEnv (from gatehouse.config.json): environment variable GITHUB_CLIENT_SECRET is not set',
      'config error: auth.providers.1.smtp.passwordEnv (from gatehouse.config.json): environment variable SMTP_PASSWORD is not set',
      'config error: auth.providers.2.tokenEnv (from gatehouse.config.json): environment variable TELEGRAM_BOT_TOKEN is not set',
    ]);
    const env = {
      ...dataDir,
      BLOG_SIGNING_SECRET: 'a-blog-signing-secret-of-32-chars-or-more',
      GITHUB_CLIENT_SECRET: 'github-secret',
      SMTP_PASSWORD: 'smtp-password',
      TELEGRAM_BOT_TOKEN: '123:bot-token',
    };
    const result = await runCli(['config', 'check'], { cwd, env });
    expect(result.stderr).toMatch(/^config ok: .*gatehouse\.config\.json/);
    expect(result.code).toBe(0);
  });

  it('names a provider under a built-in name and a name given twice', async () => {
    const endpoints = {
      authURL: 'https://a.example/auth',
      tokenURL: 'https://a.example/token',
      infoURL: 'https://a.example/me',
    };
    const { code, lines } = await check({
      auth: {
        providers: [
          { kind: 'custom', name: 'github', clientId: 'c', clientSecretEnv: 'C_SECRET', endpoints },
          { kind: 'local', name: 'corp', url: 'http://127.0.0.1:9096' },
          { kind: 'verify', name: 'corp', sender: 'chat' },
        ],
      },
    });
    expect(code).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(
        /^config error: auth\.providers\.0\.name \(from gatehouse\.config\.json\): expected a name that is not a built-in provider's \(github, google, .*\), got "github"$/,
      ),
      'config error: auth.providers.2.name (from gatehouse.config.json): the name "corp" is taken by auth.providers.1, got "corp"',
    ]);
  });
});
