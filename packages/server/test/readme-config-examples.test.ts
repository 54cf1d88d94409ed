/**
 * Every configuration example in the READMEs passes the real `gatehouse config check`, as a reader
 * who copies it runs it. A ```json block is a configuration example when it is an object whose keys
 * are all sections of the configuration; other JSON (a request body, an answer) is left alone.
 *
 * Each example is a config file in one folder that holds what a reader has beside theirs: the files
 * of examples/auth (the template, login page and hooks module the examples name by relative path),
 * the files they name by absolute path (made under the folder: a certificate, a key, a modules
 * folder), and every secret variable they name set. The CLI checks one file per run, so this is one
 * short process per example, a few at a time.
 */
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config/schema.js';
import { buildCli, runCli } from './support/cli.js';
import { createCA } from './support/pki.js';
import { makeTempDir } from './support/temp.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const READMES = [
  'README.md',
  'packages/server/README.md',
  'packages/auth/README.md',
  'packages/resources/README.md',
  'packages/webhooks/README.md',
];
const sections = new Set(Object.keys(configSchema.shape));

interface Example {
  /** `file:line` of the block's opening fence. */
  name: string;
  config: Record<string, unknown>;
}

function jsonBlocks(readme: string): { line: number; text: string }[] {
  const text = readFileSync(join(root, readme), 'utf8');
  return [...text.matchAll(/^```json[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    text: match[1]!,
  }));
}

function isConfig(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => sections.has(key));
}

const examples: Example[] = READMES.flatMap((readme) =>
  jsonBlocks(readme)
    .map(({ line, text }) => ({ name: `${readme}:${line}`, config: JSON.parse(text) as unknown }))
    .filter((block): block is Example => isConfig(block.config)),
);

/**
 * The example with every absolute path moved under `folder` (so that no file outside it is read or
 * created), and each variable a `...Env` key names.
 */
function localised(value: unknown, folder: string, env: Record<string, string>, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => localised(item, folder, env));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localised(v, folder, env, k)]));
  }
  if (typeof value !== 'string') return value;
  if (key.endsWith('Env')) env[value] = 'a secret of forty characters, 0123456789';
  if (value.startsWith('file:///')) return `file://${join(folder, value.slice('file://'.length))}`;
  return value.startsWith('/') ? join(folder, value) : value;
}

/** The files a reader has at the paths the example names: by the key that names them. */
function provideFiles(value: unknown, pem: { cert: string; key: string; ca: string }, key = ''): void {
  if (Array.isArray(value)) for (const item of value) provideFiles(item, pem);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) provideFiles(v, pem, k);
  } else if (typeof value === 'string' && value.startsWith('/')) {
    if (key === 'folder') mkdirSync(value, { recursive: true });
    if (key === 'cert' || key === 'key' || key === 'ca') {
      mkdirSync(dirname(value), { recursive: true });
      copyFileSync(pem[key], value);
    }
  }
}

describe('the configuration examples of the READMEs', () => {
  let folder: string;
  let pem: { cert: string; key: string; ca: string };

  beforeAll(() => {
    buildCli();
    folder = makeTempDir('gatehouse-readme-');
    cpSync(join(root, 'examples/auth'), folder, { recursive: true });
    mkdirSync(join(folder, 'pki'));
    const ca = createCA(join(folder, 'pki'));
    pem = { ...ca.server('gate.example.com'), ca: ca.caFile };
  }, 60_000);

  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('are found in the server README and the overview', () => {
    const files = new Set(examples.map((example) => example.name.split(':')[0]));
    expect([...files]).toEqual(expect.arrayContaining(['README.md', 'packages/server/README.md']));
  });

  it.concurrent.each(examples.map((example) => [example.name, example] as const))(
    '%s passes gatehouse config check',
    async (name, example) => {
      const env: Record<string, string> = {};
      const config = localised(example.config, folder, env);
      provideFiles(config, pem);
      const file = join(folder, `${name.replaceAll(/[/:.]/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(config));
      const result = await runCli(['config', 'check', '--config', file], { cwd: folder, env });
      expect(result.stderr).toMatch(/^config ok: /);
      expect(result.code).toBe(0);
    },
    60_000,
  );
});
