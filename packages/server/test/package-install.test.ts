/**
 * The packages as a user gets them: `scripts/pack.sh` packs each workspace package (`npm pack`),
 * and the tarballs are installed by npm into empty projects in the system's temp folder, outside
 * the repository, where nothing of the workspace can be found. One project takes
 * `@gatehouse/auth` alone (the optional peers stay out, fastify comes as its peer), one takes all
 * four: each package is imported by name, the `gatehouse` command answers and serves, and a
 * TypeScript app with `skipLibCheck: false` compiles against the published types.
 *
 * npm reads the registry through its cache (`--prefer-offline`) and runs no install scripts: the
 * native modules (better-sqlite3, re2) would otherwise be built from source for minutes, so their
 * builds are copied from the workspace, same version, same Node (scripts/install.sh is what
 * builds them; this test is about what the tarballs contain and declare).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../../test-support/packages.js';

const workspaceVersion = (name: string): string =>
  JSON.parse(readFileSync(join(workspaceRoot, 'node_modules', name, 'package.json'), 'utf8')).version;

/** The environment without npm's own variables (`npm test` sets npm_config_*, e.g. the workspace prefix). */
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && !name.startsWith('GATEHOUSE_')),
);

const execFileAsync = promisify(execFile);

/**
 * Runs a command to its end and returns its stdout. Asynchronous on purpose: a synchronous npm
 * install or tsc run of a minute blocks the test worker, whose runner then times out.
 */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const options = { cwd, env: cleanEnv, encoding: 'utf8' as const, timeout: 300_000, maxBuffer: 1 << 26 };
    return (await execFileAsync(command, args, options)).stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code: unknown; stdout: string; stderr: string };
    throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${stdout}${stderr}`);
  }
}

let root: string;
let tarballs: Record<string, string>;

/** An empty project in `root` with `deps` installed from the tarballs (and the registry, through the cache). */
async function project(name: string, deps: string[]): Promise<string> {
  const dir = join(root, name);
  mkdirSync(dir);
  // The native modules resolve to the workspace's versions, whose builds are copied below (a range
  // such as re2's ^1.24.0 would otherwise take whatever newer release npm's cache holds).
  const overrides = Object.fromEntries(
    ['re2', 'better-sqlite3']
      .filter((native) => existsSync(join(workspaceRoot, 'node_modules', native, 'build', 'Release')))
      .map((native) => [native, workspaceVersion(native)]),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module', overrides }),
  );
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...deps],
    dir,
  );
  for (const entry of readdirSync(join(dir, 'node_modules'))) {
    const built = join(workspaceRoot, 'node_modules', entry, 'build', 'Release');
    const target = join(dir, 'node_modules', entry);
    if (!existsSync(join(target, 'binding.gyp')) || !existsSync(built)) continue;
    expect(workspaceVersion(entry), `${entry}: the workspace's build is of another version`).toBe(
      JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).version,
    );
    cpSync(built, join(target, 'build', 'Release'), { recursive: true });
  }
  return dir;
}

/** Runs an ES module script in `dir` and returns what it printed. */
function node(dir: string, script: string): Promise<string> {
  return run(process.execPath, ['--input-type=module', '-e', script], dir);
}

let authOnly: string;
let app: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-packed-'));
  const lock = join(workspaceRoot, 'node_modules', '.gatehouse-build.lock');
  const listed = await run(
    'flock',
    [lock, join(workspaceRoot, 'scripts', 'pack.sh'), join(root, 'tarballs')],
    workspaceRoot,
  );
  tarballs = Object.fromEntries(
    listed
      .trim()
      .split('\n')
      .map((file) => [/gatehouse-(\w+)-[\d.]+\.tgz$/.exec(file)![1]!, file]),
  );
  authOnly = await project('auth-only', [tarballs.auth!]);
  app = await project('app', [...Object.values(tarballs), `@types/node@${workspaceVersion('@types/node')}`]);
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('packs the four packages, each with its LICENSE, README, built code and types, and no sources or tests', async () => {
    expect(Object.keys(tarballs).sort()).toEqual(['auth', 'resources', 'server', 'webhooks']);
    for (const file of Object.values(tarballs)) {
      const listing = (await run('tar', ['-tzf', file], root)).trim().split('\n');
      expect(listing, file).toEqual(
        expect.arrayContaining([
          'package/LICENSE',
          'package/README.md',
          'package/package.json',
          'package/dist/index.js',
          'package/dist/index.d.ts',
        ]),
      );
      expect(
        listing.filter((path) => /\.test\.|\/src\/|\/test\//.test(path)),
        file,
      ).toEqual([]);
    }
  });

  it("names the service @gatehouse/server with the command gatehouse (the npm name gatehouse is someone else's)", () => {
    const manifest = JSON.parse(
      readFileSync(join(app, 'node_modules/@gatehouse/server/package.json'), 'utf8'),
    );
    expect(manifest.name).toBe('@gatehouse/server');
    expect(Object.keys(manifest.bin)).toEqual(['gatehouse']);
    expect(existsSync(join(app, 'node_modules', 'gatehouse'))).toBe(false);
  });
});

describe('@gatehouse/auth installed alone', () => {
  it('brings fastify as its peer and none of the optional packages', () => {
    const installed = readdirSync(join(authOnly, 'node_modules'));
    expect(installed).toContain('fastify');
    for (const name of ['sharp', 'lmdb', 'mongodb', 'nodemailer']) expect(installed).not.toContain(name);
  });

  it('imports, and a feature whose package is missing names the package to install', async () => {
    const out = await node(
      authOnly,
      `const auth = await import('@gatehouse/auth');
console.log(typeof auth.Service);
try { await auth.openAvatarStore('bolt://' + process.cwd() + '/avatars.db'); }
catch (error) { console.log(error.code, error.message); }`,
    );
    expect(out).toMatch(
      /^function\nERR_MISSING_PACKAGE @gatehouse\/auth: the bolt:\/\/ avatar store needs the package lmdb, which is not installed: npm install 'lmdb@\^[\d.]+'\n$/,
    );
  });
});

describe('all four installed', () => {
  it.each(['@gatehouse/auth', '@gatehouse/resources', '@gatehouse/webhooks', '@gatehouse/server'])(
    'imports %s by name',
    { timeout: 60_000 },
    async (name) => {
      const names = JSON.parse(
        await node(app, `console.log(JSON.stringify(Object.keys(await import('${name}'))))`),
      );
      expect(names.length).toBeGreaterThan(3);
    },
  );

  // Generous bounds: on a loaded machine a cold start of the installed service or of tsc takes long.
  it('runs the gatehouse command: --version, then a service that answers /ping', {
    timeout: 180_000,
  }, async () => {
    const bin = join(app, 'node_modules', '.bin', 'gatehouse');
    expect((await run(bin, ['--version'], app)).trim()).toBe(workspaceVersion('@gatehouse/server'));
    const child: ChildProcess = spawn(bin, ['serve', '--port', '0'], {
      cwd: app,
      env: cleanEnv,
      stdio: 'pipe',
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr!.on('data', (chunk) => {
          stderr += chunk;
          const match = /listening on (http:\/\/[^\s"]+)/.exec(stderr);
          if (match && stderr.includes('ready (stop with SIGTERM')) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`gatehouse serve exited ${code}:\n${stderr}`)));
      });
      const answer = await fetch(`${url}/ping`);
      expect(await answer.text()).toBe('pong');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('compiles a strict TypeScript app with skipLibCheck false against the published types', {
    timeout: 300_000,
  }, async () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          target: 'es2022',
          skipLibCheck: false,
          noEmit: true,
          types: ['node'],
        },
        files: ['app.ts'],
      }),
    );
    writeFileSync(
      join(app, 'app.ts'),
      `import { MissingPackageError, Service } from '@gatehouse/auth';
import { resourcesPlugin } from '@gatehouse/resources';
import { buildApp, loadConfig } from '@gatehouse/server';
import { Webhooks, webhooksPlugin } from '@gatehouse/webhooks';
import Fastify from 'fastify';

const auth = new Service({ secretReader: () => 'x'.repeat(32), url: 'http://127.0.0.1:8081' });
const server = Fastify();
await server.register(auth.fastify.plugin);
const { config } = loadConfig({ env: {} });
const service = await buildApp(config);
console.log(typeof resourcesPlugin, typeof Webhooks, typeof webhooksPlugin, service.hasRoute, MissingPackageError.name);
`,
    );
    // The project's own TypeScript: @gatehouse/webhooks depends on it.
    await run(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], app);
  });
});
