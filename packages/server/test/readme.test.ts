/** The README's reference tables stay honest: every environment variable and config key is documented. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/load.js';
import { configSchema } from '../src/config/schema.js';
import { knownKeys } from '../src/config/schema-keys.js';
import { environmentVariables } from '../src/config/sources.js';
import { openDataFolder } from '../src/data/folder.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs();

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The README section of a config section: from its `### \`name\`` heading to the next heading. */
function sectionText(name: string): string {
  const start = readme.indexOf(`### \`${name}\``);
  if (start < 0) return '';
  const end = readme.indexOf('\n## ', start + 1);
  const next = readme.indexOf('\n### ', start + 1);
  return readme.slice(start, Math.min(...[end, next].filter((i) => i > 0), readme.length));
}

describe('README', () => {
  it.each(environmentVariables.map((v) => v.name))('documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`\\| \`${name}\` +\\|`));
  });

  it.each(['server', 'tls', 'access', 'auth', 'state'])(
    'documents every key of the %s section with its default',
    (section) => {
      const text = sectionText(section);
      for (const key of knownKeys(configSchema, [section]) ?? []) {
        expect(text, `${section}.${key}`).toMatch(new RegExp(`\\| \`${key}(\\.\\w+)?\` +\\|`));
      }
    },
  );

  it('describes scripts/install.sh as it is (npm install, not npm ci)', () => {
    const script = readFileSync(new URL('../../../scripts/install.sh', import.meta.url), 'utf8');
    expect(script).toMatch(/^\s*npm install\b/m);
    expect(readme).toContain('./scripts/install.sh        # npm install,');
    expect(readme).not.toMatch(/install\.sh\s+# npm ci/);
  });

  it('shows the login answer with the fields a real login answers with', async () => {
    const lines = readme.split('     http://127.0.0.1:9999/auth/local/login\n')[1]!.split('\n');
    const example = JSON.parse(
      lines
        .filter((line, i) => line.startsWith('# ') && lines.slice(0, i).every((l) => l.startsWith('# ')))
        .map((line) => line.slice(2).trim())
        .join(''),
    ) as Record<string, string>;
    const cwd = tempDir();
    writeFileSync(`${cwd}/gatehouse.config.json`, '{}');
    const { config } = loadConfig({ cwd, env: {} });
    const data = await openDataFolder(config);
    const app = await buildApp(config, { data, logger: { logf: () => {} } });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/auth/local/login`, {
        method: 'POST',
        body: new URLSearchParams({ user: 'admin', passwd: data.firstCredential!.password }),
      });
      const answer = (await response.json()) as Record<string, string>;
      expect(Object.keys(example).sort()).toEqual(Object.keys(answer).sort());
      expect(example.id).toBe(answer.id);
      expect(example.picture).toMatch(/^http:\/\/127\.0\.0\.1:9999\/avatar\/[0-9a-f]{40}\.image$/);
    } finally {
      await app.close();
    }
  });
});
