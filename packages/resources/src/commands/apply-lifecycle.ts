/**
 * @module commands/apply-lifecycle
 * Applies the commands that move a node between active and inactive: `deactivate node`, and
 * `replace facts`, which reactivates a node when it is newer than its deactivation (reference §5.2,
 * §5.3; `store report` does the same in apply-report.ts). Each runs in one transaction.
 */

import { canonicalJson, sha1Hex } from '../store/canonical-json.js';
import type { BulkColumns, SqlRunner, Transactional } from '../store/types.js';
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

/** Replaces the node's facts (when newer than the stored ones) and reactivates it if due. */
export function applyFactset(store: Transactional, facts: Factset, received: string): Promise<ApplyOutcome> {
  return withActivatedNode(store, facts.certname, facts.producerTimestamp, async (tx, status) => {
    if (isNewer(status.facts_producer_timestamp, facts.producerTimestamp)) return 'stale';
    await exec(tx, 'DELETE FROM facts WHERE certname = ?', [facts.certname]);
    const rows = Object.entries(facts.values).map(([name, value]) => [
      facts.certname,
      name,
      canonicalJson(value),
      typeof value === 'string' ? value : null,
    ]);
    await tx.bulkInsert('facts', FACT_COLUMNS, rows);
    await storeFactContents(tx, facts);
    await recordArrival(tx, 'facts', facts.certname, facts.producerTimestamp, received, facts.environment);
    return 'stored';
  });
}

/**
 * The factset's leaves (`fact_contents`), the paths not seen before (`fact_paths`), its producer,
 * its facts as one JSON object (what inventory answers) and its hash: the SHA-1 of the canonical JSON of certname, environment, producer timestamp and
 * facts, so it changes exactly when one of them does.
 */
async function storeFactContents(tx: SqlRunner, facts: Factset): Promise<void> {
  await exec(tx, 'DELETE FROM fact_contents WHERE certname = ?', [facts.certname]);
  await tx.bulkInsert('fact_contents', FACT_CONTENT_COLUMNS, factContentRows(facts.certname, facts.values));
  await exec(
    tx,
    `INSERT INTO fact_paths (path, value_type, name, depth)
     SELECT DISTINCT path, value_type, name, depth FROM fact_contents WHERE certname = ?
     ON CONFLICT DO NOTHING`,
    [facts.certname],
  );
  const hash = sha1Hex(
    canonicalJson({
      certname: facts.certname,
      environment: facts.environment,
      facts: facts.values,
      producer_timestamp: facts.producerTimestamp,
    }),
  );
  await exec(
    tx,
    'UPDATE certnames SET facts_producer = ?, facts_hash = ?, facts_json = ? WHERE certname = ?',
    [facts.producer, hash, canonicalJson(facts.values), facts.certname],
  );
}
