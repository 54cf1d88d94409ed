/**
 * A node of the resource store whose lock a test holds, in a transaction of its own: every apply
 * of a command for that node (a consumer's or a waited command's, on any instance) starts by
 * locking the node's `certnames` row (resources' `lockNode`), so it waits until `release`. The
 * test sees each such wait as a database session blocked by its own.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { TestSchema } from './pg-schema.js';

export interface HeldNode {
  /**
   * Resolves with the number of sessions waiting for the node once at least `count` do; throws
   * when fewer still do after `withinMs`.
   */
  waiters(count: number, withinMs?: number): Promise<number>;
  /** Commits the holding transaction (the node is then known, with no data) and lets the applies go on. */
  release(): Promise<void>;
}

/** Holds `certname` of `db`'s store (the store's tables must exist: an instance has started on it). */
export async function holdNode(db: TestSchema, certname: string): Promise<HeldNode> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    try {
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  };
  try {
    await client.query('BEGIN');
    // An uncommitted row: `lockNode`'s upsert waits on this transaction itself, so every waiter
    // names this session among its blockers (a row locked FOR UPDATE would queue them on each other).
    await client.query('INSERT INTO certnames (certname) VALUES ($1)', [certname]);
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const holder = rows[0]!.pid;
  const waiting = async () => {
    const { rows: counted } = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [holder],
    );
    return Number(counted[0]!.n);
  };
  return {
    waiters: async (count, withinMs = 20_000) => {
      const since = performance.now();
      let now = await waiting();
      while (now < count && performance.now() - since < withinMs) {
        await sleep(50);
        now = await waiting();
      }
      if (now < count) throw new Error(`${now} of ${count} applies waited for ${certname}`);
      return now;
    },
    release,
  };
}
