/** `gatehouse resources import` on a real SQLite file in the data folder and on a real PostgreSQL schema. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@gatehouse/resources';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandIO } from '../src/cli/command.js';
import { resourcesCommand } from '../src/commands/resources.js';
import { describeDatabase } from '../src/data/database.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/catalogs', import.meta.url));
let dir: string;

function capture(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    stdin: process.stdin,
    env,
    cwd: dir,
  };
  return { io, out, err };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-resources-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('gatehouse resources import', () => {
  it('imports the example catalogs into <data-dir>/resources.db, then finds nothing new', async () => {
    const first = capture();
    expect(
      await resourcesCommand.run(['import', '--data-dir', 'data', '--restamp', EXAMPLES], first.io),
    ).toBe(0);
    expect(first.out).toEqual([
      expect.stringMatching(/^4 file\(s\): stored 4, unchanged 0, stale 0, failed 0; \d+ resource\(s\)$/),
    ]);
    expect(first.err[0]).toBe(`importing into SQLite ${join(dir, 'data', 'resources.db')}`);
    const store = await openStore(join(dir, 'data', 'resources.db'));
    const [row] = await store.all('SELECT count(DISTINCT certname) AS n FROM resources');
    expect(row!.n).toBe(4);
    await store.close();
    const again = capture();
    expect(await resourcesCommand.run(['import', '--data-dir', 'data', EXAMPLES], again.io)).toBe(0);
    expect(again.out[0]).toMatch(/stored 0, unchanged 0, stale 4, failed 0/);
  });

  it("runs the README tour's import line: the sample catalogs are dated now, so the tour works on any day", async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const line = /^npx gatehouse resources (import [^#\n]*?)\s*#/m.exec(readme);
    expect(line, 'the import line of the README tour').not.toBeNull();
    const args = line![1]!.split(/\s+/).map((arg) => (arg === 'examples/catalogs' ? EXAMPLES : arg));
    const run = capture();
    expect(await resourcesCommand.run([...args, '--data-dir', 'tour'], run.io)).toBe(0);
    const store = await openStore(join(dir, 'tour', 'resources.db'));
    const rows = await store.all('SELECT catalog_producer_timestamp AS ts FROM certnames');
    await store.close();
    expect(rows).toHaveLength(4);
    for (const { ts } of rows) expect(Date.now() - Date.parse(String(ts))).toBeLessThan(60 * 60 * 1000);
  });

  it('lists failed files and exits 1', async () => {
    await writeFile(join(dir, 'broken.json'), '{"certname": "x"}');
    const run = capture();
    expect(await resourcesCommand.run(['import', '--database', 'other.db', 'broken.json'], run.io)).toBe(1);
    expect(run.err).toContain(
      `failed ${join(dir, 'broken.json')}: Command "replace catalog" is invalid. code_id is required`,
    );
    expect(run.out[0]).toMatch(/^1 file\(s\): stored 0, .* failed 1;/);
  });

  it('answers usage errors with exit 2 and prints help', async () => {
    await expect(resourcesCommand.run(['export', 'x'], capture().io)).rejects.toThrow(/expected "import/);
    await expect(resourcesCommand.run(['import'], capture().io)).rejects.toThrow(/expected "import/);
    const help = capture();
    expect(await resourcesCommand.run(['--help'], help.io)).toBe(0);
    expect(help.out[0]).toContain('--restamp');
  });

  it('imports into PostgreSQL named by GATEHOUSE_RESOURCES_DATABASE', async () => {
    const url = process.env.PG_TEST_URL;
    if (!url) throw new Error('PG_TEST_URL is not set: run `make test-setup` (scripts/setup/10-postgres.sh)');
    const schema = `cli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const database = `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const run = capture({ GATEHOUSE_RESOURCES_DATABASE: database });
      expect(await resourcesCommand.run(['import', '--data-dir', 'pgdata', EXAMPLES], run.io)).toBe(0);
      expect(run.err[0]).toBe(`importing into ${describeDatabase(database)}`);
      expect(run.err[0]).not.toContain(new URL(url).password);
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.catalogs`);
      expect(rows[0].n).toBe(4);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
