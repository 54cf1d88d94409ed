/**
 * scripts/install.sh as a fresh machine meets it: the native modules build from source without a
 * warning the project itself causes, and the build tools they need are found or named.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../../test-support/packages.js';

/** `script` run by bash in the repository root after sourcing install.sh's helpers. */
function withInstallHelpers(script: string, env: NodeJS.ProcessEnv = process.env) {
  const sources = '. scripts/lib/native-build.sh; . scripts/lib/build-tools.sh;';
  return spawnSync('bash', ['-c', `${sources} ${script}`], { cwd: workspaceRoot, env, encoding: 'utf8' });
}

describe('scripts/install.sh', () => {
  it('runs npm with no warning the project causes (no unknown npm_config_ variable, every install script approved)', async () => {
    // npm test sets npm_config_* of its own; install.sh runs with the user's environment.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    const script = '. scripts/lib/native-build.sh; npm install --dry-run --no-audit --no-fund 2>&1';
    // Not spawnSync: npm may take a while on a busy machine, and the test worker must stay responsive.
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: workspaceRoot, env });
    expect(stdout).toMatch(/up to date|added|changed/);
    expect(stdout).not.toMatch(/Unknown env config|install-scripts|allowScripts/);
  });

  it('builds better-sqlite3 from source through .prebuild-installrc, which its prebuild-install finds', () => {
    const packageDir = join(workspaceRoot, 'node_modules', 'better-sqlite3');
    const decided = execFileSync(
      process.execPath,
      ['-e', "console.log(require('prebuild-install/rc')(require('./package.json')).buildFromSource)"],
      { cwd: packageDir, env: { PATH: process.env.PATH }, encoding: 'utf8' },
    );
    expect(decided.trim()).toBe('true');
  });

  it('names the build tools a machine lacks', () => {
    const bin = mkdtempSync(join(tmpdir(), 'gatehouse-bin-'));
    try {
      for (const tool of ['make']) {
        const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
        if (found.startsWith('/')) symlinkSync(found, join(bin, tool));
      }
      const result = spawnSync('/bin/bash', ['-c', '. scripts/lib/build-tools.sh; missing_build_tools'], {
        cwd: workspaceRoot,
        env: { PATH: bin },
        encoding: 'utf8',
      });
      expect(result.stdout.split('\n').filter(Boolean)).toEqual(['g++', 'python3']);
      expect(withInstallHelpers('missing_build_tools').stdout).toBe('');
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('says which native module is compiling while npm works (make running in <package>/build)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-build-'));
    const build = join(root, 'node_modules', '@scope', 'native-thing', 'build');
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, 'Makefile'), 'all:\n\tsleep 30\n');
    const make = spawn('make', [], { cwd: build, stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // make has started and changed into build/
      const seen = withInstallHelpers(
        `compiling_modules; wait_quietly_for ${make.pid} 1 || echo still running`,
      );
      // Other builds on this machine may show up beside it.
      const [compiling, state] = seen.stdout.split('\n');
      expect(compiling!.split(' ')).toContain('@scope/native-thing');
      expect(state).toBe('still running');
    } finally {
      make.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
    const readme = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
    expect(readme).toContain('needs the build\ntools **g++, make and python3**');
  });
});
