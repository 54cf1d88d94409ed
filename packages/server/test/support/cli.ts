/** Runs the real `gatehouse` CLI (bin/gatehouse.js -> dist/cli.js) as a child process. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll } from 'vitest';
import { buildPackage } from '../../../../test-support/packages.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
export const binPath = join(packageDir, 'bin', 'gatehouse.js');

/** Builds the package, so these tests always run the CLI compiled from the current sources. */
export function buildCli(): void {
  buildPackage(packageDir);
}

export interface CliOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Written to stdin, which is then closed. */
  input?: string;
  /** Run as this user (the tests must run as root to choose another). */
  user?: { uid: number; gid: number };
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
    ...options.user,
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

/** The messages of a service log: each JSON record's `msg` on a line of its own, other lines as they are. */
export function logMessages(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        const record = JSON.parse(line) as { msg?: unknown };
        return typeof record.msg === 'string' ? record.msg : line;
      } catch {
        return line;
      }
    })
    .map((line) => `${line}\n`)
    .join('');
}

export interface ServingProcess {
  child: ChildProcess;
  /** The listening URL from the start-up summary. */
  url: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** The messages of the log so far ({@link logMessages}). */
  log(): string;
  /** The messages of the log so far that match `pattern`, one per line. */
  lines(pattern: RegExp): string[];
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
      const messages = logMessages(stderr);
      const match = /listening on (https?:\/\/\S+)/.exec(messages);
      if (match && messages.includes('ready (stop with SIGTERM or Ctrl-C)')) {
        resolve({
          child,
          url: match[1]!,
          stderr: () => stderr,
          log: () => logMessages(stderr),
          lines: (pattern) =>
            logMessages(stderr)
              .split('\n')
              .filter((line) => pattern.test(line)),
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
  });
}

/**
 * For a test file that starts services: builds the CLI once, and returns a `serve` that starts
 * `gatehouse serve --port 0 ...args` and kills whatever is still running after each test.
 */
export function useServe(): (
  cwd: string,
  args?: string[],
  env?: Record<string, string>,
) => Promise<ServingProcess> {
  const running: ServingProcess[] = [];
  beforeAll(() => {
    buildCli();
  });
  afterEach(async () => {
    for (const service of running.splice(0)) {
      if (service.child.exitCode === null) await service.stop('SIGKILL');
    }
  });
  return async (cwd, args = [], env = {}) => {
    // One process unless a test asks for workers: a second one only slows the shared test machine.
    const service = await startServe(['--port', '0', ...args], {
      cwd,
      env: { GATEHOUSE_WORKERS: '1', ...env },
    });
    running.push(service);
    return service;
  };
}

/** The password of the generated first credential, from the start-up summary of a service's log. */
export function firstCredentialPassword(log: string): string {
  const match = /first credential created, shown only this once: user "admin" password "([\w-]{24})"/.exec(
    logMessages(log),
  );
  if (!match) throw new Error(`no first credential in:\n${log}`);
  return match[1]!;
}

/** The password of the generated first credential of a `gatehouse serve` process. */
export function firstPassword(service: ServingProcess): string {
  return firstCredentialPassword(service.stderr());
}
