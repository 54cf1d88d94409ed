/**
 * Importing `@gatehouse/auth` must not load the MongoDB driver, LMDB, sharp or nodemailer: they are
 * optional peer dependencies, and an integrator that keeps avatars in files (or has none) should
 * neither install them nor pay their start-up time. The compiled package is imported in a child
 * process whose module resolver answers for each of them as Node does for a package that is not
 * installed; the import must succeed, and using each feature must then fail naming the package to
 * install (which also proves the resolver hook is really in the way, so the first check is not
 * vacuous). test/package-install.test.ts checks the same with the packed package really installed
 * without them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../../test-support/packages.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

const HOOKS = `export async function resolve(specifier, context, next) {
  if (['mongodb', 'lmdb', 'sharp', 'nodemailer'].includes(specifier)) {
    const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}
`;

const REGISTER = `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

/** Imports the built package as `auth`, runs `use` (statements), and prints how each step ended. */
function childScript(use: string): string {
  const entry = pathToFileURL(join(packageDir, 'dist', 'index.js')).href;
  return `const auth = await import(${JSON.stringify(entry)});
console.log('imported', typeof auth.Service);
try {
  ${use}
  console.log('used');
} catch (error) {
  console.log('use failed:', String(error.message));
}
`;
}

function openStore(storeURI: string): string {
  return `await (await auth.openAvatarStore(${JSON.stringify(storeURI)})).close();`;
}

function runChild(use: string): string {
  const register = pathToFileURL(join(dir, 'register.mjs')).href;
  const result = spawnSync(
    process.execPath,
    ['--import', register, '--input-type=module', '-e', childScript(use)],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  // A refused import at start-up shows up on stderr; keep it in the failure message.
  return `${result.stdout}${result.stderr}`;
}

beforeAll(async () => {
  buildPackage(packageDir); // the child imports dist/
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-lazy-drivers-'));
  await writeFile(join(dir, 'hooks.mjs'), HOOKS);
  await writeFile(join(dir, 'register.mjs'), REGISTER);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const peers = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).peerDependencies as Record<
  string,
  string
>;

/** What the feature's first use says when `name` is not installed. */
const missing = (feature: string, name: string) =>
  `use failed: @gatehouse/auth: ${feature} needs the package ${name}, which is not installed: npm install '${name}@${peers[name]}'`;

describe('optional dependencies load on first use, and their absence names the package', () => {
  it('the package imports without lmdb; a bolt:// store loads it when opened', () => {
    const out = runChild(openStore(`bolt://${join(dir, 'avatars.db')}`));
    expect(out).toContain('imported function');
    expect(out).toContain(missing('the bolt:// avatar store', 'lmdb'));
  });

  it('the package imports without mongodb; a mongodb:// store loads it when opened', () => {
    const out = runChild(openStore('mongodb://127.0.0.1:1/gatehouse?ava_coll=avatars'));
    expect(out).toContain('imported function');
    expect(out).toContain(missing('the mongodb:// avatar store', 'mongodb'));
  });

  it('the package imports without sharp; drawing an identicon loads it', () => {
    const out = runChild(`await auth.generateIdenticon('alice');`);
    expect(out).toContain('imported function');
    expect(out).toContain(missing('storing avatar pictures and identicons', 'sharp'));
  });

  it('the package imports without nodemailer; the e-mail sender loads it and its first send says so', () => {
    const out = runChild(
      `await new auth.EmailSender({ host: '127.0.0.1', port: 1, from: 'a@example.test' }).send('b@example.test', 'hi');`,
    );
    expect(out).toContain('imported function');
    expect(out).toContain(missing('the e-mail sender', 'nodemailer'));
  });

  it('names each optional package in peerDependencies, marked optional', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    for (const name of ['lmdb', 'mongodb', 'sharp', 'nodemailer']) {
      expect(manifest.dependencies[name], name).toBeUndefined();
      expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true });
    }
  });
});
