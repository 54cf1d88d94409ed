/**
 * Runs the real `gatehouse` CLI (bin/gatehouse.js -> dist/cli.js) as a child process. The build must
 * be current: `npm test` runs `tsc -b` first; alone, run `npx tsc -b packages/server`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
export const binPath = join(packageDir, 'bin', 'gatehouse.js');

/** Throws when a file of dist/ is missing or older than its source, so a stale build never passes tests. */
export function assertBuildIsCurrent(): void {
  const sources = readdirSync(join(packageDir, 'src'), { recursive: true, encoding: 'utf8' });
  for (const file of sources.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const built = join(packageDir, 'dist', file.replace(/\.ts$/, '.js'));
    let builtAt = 0;
    try {
      builtAt = statSync(built).mtimeMs;
    } catch {}
    if (builtAt < statSync(join(packageDir, 'src', file)).mtimeMs) {
      throw new Error(
        `${built} is missing or older than its source: run \`npx tsc -b packages/server\` first (npm test does)`,
      );
    }
  }
}

export interface CliOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Written to stdin, which is then closed. */
  input?: string;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An environment without the caller's GATEHOUSE_* variables, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GATEHOUSE_')),
  );
  return { ...env, ...extra };
}

function spawnCli(args: string[], options: CliOptions): ChildProcess {
  return spawn(process.execPath, [binPath, ...args], {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stdio: 'pipe',
  });
}

/** Runs a command to completion. */
export function runCli(args: string[], options: CliOptions): Promise<CliResult> {
  const child = spawnCli(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin!.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServingProcess {
  child: ChildProcess;
  /** The listening URL from the start-up summary. */
  url: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Sends `signal` and resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `gatehouse serve ...args` and resolves once it prints its ready line. */
export function startServe(args: string[], options: CliOptions): Promise<ServingProcess> {
  const child = spawnCli(['serve', ...args], options);
  child.stdin!.end();
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    void exited.then((code) =>
      reject(new Error(`gatehouse serve exited with ${code} before listening:\n${stderr}`)),
    );
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match && stderr.includes('gatehouse: ready')) {
        resolve({
          child,
          url: match[1]!,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
  });
}
