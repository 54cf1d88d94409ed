/**
 * @module commands/apply-lifecycle
 * Applies the commands that move a node between active and inactive: `deactivate node`, and
 * `replace facts`, which reactivates a node when it is newer than its deactivation (reference §5.2,
 * §5.3; `store report` does the same in apply-report.ts). Each runs in one transaction.
 */

import { canonicalJson, sha1Hex } from '../store/canonical-json.js';
import type { BulkColumns, SqlParam, SqlRunner, Transactional } from '../store/types.js';
import { FACT_CONTENT_COLUMNS, factContentRows } from './fact-tree.js';
import type { Deactivation, Factset } from './lifecycle-payloads.js';
import {
  type ApplyOutcome,
  exec,
  isNewer,
  lockNode,
  recordArrival,
  withActivatedNode,
} from './node-status.js';
import { type FactRows, replaceFactsCall } from './replace-facts-postgres.js';

const FACT_COLUMNS: BulkColumns = [
  ['certname', 'text'],
  ['name', 'text'],
  ['value', 'text'],
  ['value_string', 'text'],
];

/** Marks a node deactivated, unless something newer than the command was seen for it. */
export function applyDeactivation(store: Transactional, command: Deactivation): Promise<ApplyOutcome> {
  return store.transaction(async (tx) => {
    const status = await lockNode(tx, command.certname);
    const newest = [
      status.catalog_producer_timestamp,
      status.facts_producer_timestamp,
      status.report_producer_timestamp,
    ];
    if (newest.some((ts) => isNewer(ts, command.producerTimestamp))) return 'stale';
    // Keep an even later deactivation already on record.
    if (status.deactivated !== null && status.deactivated >= command.producerTimestamp) return 'unchanged';
    await exec(tx, 'UPDATE certnames SET deactivated = ? WHERE certname = ?', [
      command.producerTimestamp,
      command.certname,
    ]);
    return 'stored';
  });
}

/**
 * Replaces the node's facts (when newer than the stored ones) and reactivates it if due: on
 * PostgreSQL in one call of its database function, on SQLite statement by statement.
 */
export function applyFactset(store: Transactional, facts: Factset, received: string): Promise<ApplyOutcome> {
  const rows = factRows(facts);
  return store.transaction(async (tx) => {
    if (tx.dialect === 'postgres') {
      const call = replaceFactsCall(facts.certname, facts.producerTimestamp, received, rows);
      const [result] = await tx.all(`SELECT ${call.sql} AS outcome`, call.params);
      return result!.outcome as ApplyOutcome;
    }
    const inTx = { transaction: <T>(work: (runner: SqlRunner) => Promise<T>) => work(tx) };
    return withActivatedNode(inTx, facts.certname, facts.producerTimestamp, async (locked, status) => {
      if (isNewer(status.facts_producer_timestamp, facts.producerTimestamp)) return 'stale';
      await replaceFacts(locked, facts, received, rows);
      return 'stored';
    });
  });
}

/**
 * The factset as rows: its facts, its leaves (`fact_contents`), its facts as one JSON object (what
 * inventory answers) and its hash, the SHA-1 of the canonical JSON of certname, environment,
 * producer timestamp and facts, so it changes exactly when one of them does.
 */
export function factRows(facts: Factset): FactRows {
  const hash = sha1Hex(
    canonicalJson({
      certname: facts.certname,
      environment: facts.environment,
      facts: facts.values,
      producer_timestamp: facts.producerTimestamp,
    }),
  );
  return {
    facts: Object.entries(facts.values).map(([name, value]) => [
      name,
      canonicalJson(value),
      typeof value === 'string' ? value : null,
    ]),
    leaves: factContentRows(facts.values),
    environment: facts.environment,
    producer: facts.producer,
    hash,
    factsJson: canonicalJson(facts.values),
  };
}

/**
 * SQLite: the node's facts and leaves deleted and written again, the leaf paths not seen before
 * recorded, the node's columns set, statement by statement (in-process, no round trips).
 */
async function replaceFacts(tx: SqlRunner, facts: Factset, received: string, rows: FactRows): Promise<void> {
  const certname = facts.certname;
  const withNode = (list: readonly (readonly SqlParam[])[]) => list.map((row) => [certname, ...row]);
  await exec(tx, 'DELETE FROM facts WHERE certname = ?', [certname]);
  await tx.bulkInsert('facts', FACT_COLUMNS, withNode(rows.facts));
  await exec(tx, 'DELETE FROM fact_contents WHERE certname = ?', [certname]);
  await tx.bulkInsert('fact_contents', FACT_CONTENT_COLUMNS, withNode(rows.leaves));
  await exec(
    tx,
    `INSERT INTO fact_paths (path, value_type, name, depth)
     SELECT DISTINCT path, value_type, name, depth FROM fact_contents WHERE certname = ?
     ON CONFLICT DO NOTHING`,
    [certname],
  );
  await recordArrival(tx, 'facts', certname, facts.producerTimestamp, received, rows.environment, [
    ['facts_producer', rows.producer],
    ['facts_hash', rows.hash],
    ['facts_json', rows.factsJson],
  ]);
}
