/**
 * Telling a database that is away or broken from wrong SQL, with the errors the drivers really
 * raise: SQLite's full database (a page limit), locked file (another connection's exclusive
 * lock) and a file that is not a database, each also as it arrives from a worker thread (its
 * class and code lost, only the message left); PostgreSQL refused and a connection ended by the
 * server; and wrong SQL, which stays what it is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgTestUrl } from '../../test/support/store/test-stores.js';
import { databaseStoreError, isPostgresAway } from './database-errors.js';
import { isUnavailable } from './errors.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-errors-'));
  dirs.push(dir);
  return join(dir, 'resources.db');
}

function thrown(work: () => unknown): Error {
  try {
    work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

/** What a worker thread's error looks like once posted: a plain Error with the message. */
const cloned = (error: Error) => structuredClone(new Error(error.message));

describe('SQLite errors of the file itself', () => {
  it('names a full database, a locked file and a file that is no database, also after a thread', () => {
    const path = file();
    const full = new Database(path);
    full.exec('CREATE TABLE t (x TEXT)');
    full.pragma('max_page_count = 3');
    const fullError = thrown(() => full.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000)));
    full.close();

    const holder = new Database(path);
    holder.exec('BEGIN EXCLUSIVE');
    const waiter = new Database(path, { timeout: 10 });
    const lockedError = thrown(() => waiter.exec('INSERT INTO t VALUES (1)'));
    holder.exec('ROLLBACK');
    holder.close();
    waiter.close();

    const garbage = file();
    writeFileSync(garbage, 'this is not an SQLite database, just text long enough to be read'.repeat(20));
    const notADatabase = thrown(() => new Database(garbage).prepare('SELECT 1').get());

    for (const [error, code, text] of [
      [fullError, 'ERR_STORE_FULL', /disk is full/],
      [lockedError, 'ERR_STORE_LOCKED', /locked by another process/],
      [notADatabase, 'ERR_STORE_UNREADABLE', /cannot be read or written/],
    ] as const) {
      for (const seen of [error, cloned(error)]) {
        const storeError = databaseStoreError(seen);
        expect(storeError?.code).toBe(code);
        expect(storeError?.message).toMatch(text);
        expect(storeError?.status).toBe(503);
        expect(isUnavailable(storeError)).toBe(true);
      }
    }
  });

  it('leaves wrong SQL as it is', () => {
    const db = new Database(file());
    const error = thrown(() => db.prepare('SELECT nope FROM nowhere').get());
    db.close();
    expect(databaseStoreError(error)).toBeUndefined();
  });
});

describe('PostgreSQL away', () => {
  it('recognises a refused connection and one the server ended, not a wrong statement', async () => {
    const refused = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const refusal = await refused.connect().then(
      () => new Error('connected'),
      (error: Error) => error,
    );
    expect(isPostgresAway(refusal)).toBe(true);
    expect(databaseStoreError(refusal)?.code).toBe('ERR_STORE_UNAVAILABLE');

    const victim = new pg.Client({ connectionString: pgTestUrl() });
    victim.on('error', () => undefined);
    await victim.connect();
    const wrong = await victim.query('SELECT nope FROM nowhere').then(
      () => new Error('answered'),
      (error: Error) => error,
    );
    expect(isPostgresAway(wrong)).toBe(false);
    const admin = new pg.Client({ connectionString: pgTestUrl() });
    await admin.connect();
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    const ended = await victim.query('SELECT 1').then(
      () => new Error('answered'),
      (error: Error) => error,
    );
    expect(isPostgresAway(ended)).toBe(true);
    await victim.end().catch(() => undefined);
  });
});
