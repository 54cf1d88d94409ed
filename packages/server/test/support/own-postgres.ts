/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port, trust
 * authentication on 127.0.0.1), for tests that stop it, kill its postmaster and start it again:
 * the shared test database of PG_TEST_URL is never touched. PostgreSQL refuses to run as root,
 * so as root the cluster belongs to the `postgres` user (runuser). Removed after the test.
 */
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach } from 'vitest';
import { freePort } from '../../../../test-support/ports.js';

const run = promisify(execFile);

export interface OwnPostgres {
  /** postgres://gatehouse@127.0.0.1:<port>/gatehouse */
  readonly url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: clients are disconnected, the server shuts down cleanly. */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster: a crash, recovered from at the next start. */
  kill(): void;
}

/** Runs a PostgreSQL program as the cluster's owner. */
function asOwner(program: string, args: string[]): Promise<unknown> {
  const root = process.getuid?.() === 0;
  return root ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);
}

/** `ownPostgres()` makes, starts and returns a cluster; each is stopped and removed after the test. */
export function useOwnPostgres(): () => Promise<OwnPostgres> {
  const made: { dir: string; stop: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const cluster of made.splice(0)) {
      await cluster.stop().catch(() => undefined);
      rmSync(cluster.dir, { recursive: true, force: true });
    }
  });
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'));
    if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), 0);
    const data = join(dir, 'data');
    const port = await freePort();
    await asOwner('initdb', ['-D', data, '-U', 'gatehouse', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const start = async () => {
      // Right after a kill the old server's children may still hold its shared memory: try again.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await asOwner('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
          return;
        } catch (error) {
          if (attempt >= 20) throw error;
          await sleep(500);
        }
      }
    };
    const stop = async () => {
      await asOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    };
    made.push({ dir, stop });
    await start();
    await asOwner('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'gatehouse',
      '-d',
      'postgres',
      '-c',
      'CREATE DATABASE gatehouse',
    ]);
    return {
      url: `postgres://gatehouse@127.0.0.1:${port}/gatehouse`,
      start,
      stop,
      kill: () => {
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
      },
    };
  };
}
