/**
 * Importing `@gatehouse/auth` must not load the MongoDB driver, LMDB or sharp: an integrator that
 * keeps avatars in files (or has none) should not pay their start-up time. The compiled package is
 * imported in a child process whose module resolver refuses `mongodb`, `lmdb` and `sharp`; the
 * import must succeed, and using each one must then reach the refusal (which proves the resolver
 * hook is really in the way, so the first check is not vacuous).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../../test-support/packages.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

const HOOKS = `export async function resolve(specifier, context, next) {
  if (['mongodb', 'lmdb', 'sharp'].includes(specifier)) throw new Error('refused driver ' + specifier);
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

describe('heavy dependencies load on first use', () => {
  it('the package imports without lmdb; a bolt:// store loads it when opened', () => {
    const out = runChild(openStore(`bolt://${join(dir, 'avatars.db')}`));
    expect(out).toContain('imported function');
    expect(out).toContain('use failed: refused driver lmdb');
  });

  it('the package imports without mongodb; a mongodb:// store loads it when opened', () => {
    const out = runChild(openStore('mongodb://127.0.0.1:1/gatehouse?ava_coll=avatars'));
    expect(out).toContain('imported function');
    expect(out).toContain('use failed: refused driver mongodb');
  });

  it('the package imports without sharp; drawing an identicon loads it', () => {
    const out = runChild(`await auth.generateIdenticon('alice');`);
    expect(out).toContain('imported function');
    expect(out).toContain('use failed: refused driver sharp');
  });
});
