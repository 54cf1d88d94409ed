/**
 * @module store/producer-schema
 * Migration 11 (schema.ts lists them all): `producers`, every server that ever sent a stored catalog,
 * factset or report (PuppetDB's table of that name, which its garbage collection never empties: a
 * producer stays listed after its data is purged or past the report TTL). The `producers` entity
 * and `/producers/<name>` read it instead of a union over every catalog, node and report, which
 * grew with the reports kept (26 ms per answer over 2,000 reports).
 *
 * Database triggers keep it on both engines, inside the statement that writes the row, so the
 * command apply code stays as it is and a waited command pays no extra round trip: a row inserted
 * with a producer, or a producer column set to another value, records the name (`ON CONFLICT DO
 * NOTHING`). An update that leaves the producer as it was (an agent's next facts from the same
 * server) does not even call the trigger. `EXECUTE FUNCTION` needs PostgreSQL 11, our floor.
 */
import type { Migration } from './migration.js';

/** The columns that name a producer, by table. */
const PRODUCER_COLUMNS = [
  ['catalogs', 'producer'],
  ['reports', 'producer'],
  ['certnames', 'facts_producer'],
] as const;

type ProducerColumn = (typeof PRODUCER_COLUMNS)[number][1];

/** One trigger: after which write, and when the written row names a producer to record. */
interface ProducerTrigger {
  readonly name: string;
  readonly event: string;
  readonly when: string;
  readonly column: ProducerColumn;
}

const TRIGGERS: readonly ProducerTrigger[] = PRODUCER_COLUMNS.flatMap(([table, column]) => [
  {
    name: `${table}_producer_insert`,
    event: `INSERT ON ${table}`,
    when: `new.${column} IS NOT NULL`,
    column,
  },
  {
    name: `${table}_producer_update`,
    event: `UPDATE OF ${column} ON ${table}`,
    when: `new.${column} IS NOT NULL AND new.${column} IS DISTINCT FROM old.${column}`,
    column,
  },
]);

const record = (column: ProducerColumn) =>
  `INSERT INTO producers (name) VALUES (new.${column}) ON CONFLICT DO NOTHING;`;

/** SQLite: the trigger's body is the statement itself. */
const sqliteTrigger = (t: ProducerTrigger) =>
  `CREATE TRIGGER ${t.name} AFTER ${t.event} WHEN ${t.when} BEGIN ${record(t.column)} END`;

/** PostgreSQL: a trigger calls a function, one per producer column (catalogs and reports share one). */
const functionName = (column: ProducerColumn) => `producers_record_${column}`;

const postgresFunction = (column: ProducerColumn) =>
  `CREATE FUNCTION ${functionName(column)}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${record(column)} RETURN NULL; END $$`;

const postgresTrigger = (t: ProducerTrigger) =>
  `CREATE TRIGGER ${t.name} AFTER ${t.event} FOR EACH ROW WHEN (${t.when}) EXECUTE FUNCTION ${functionName(t.column)}()`;

/** The producers of the rows already stored. */
const fill = `INSERT INTO producers (name) ${PRODUCER_COLUMNS.map(
  ([table, column]) => `SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL`,
).join(' UNION ')}`;

/**
 * The triggers come before the fill: on PostgreSQL creating one waits for the table's open writes
 * and holds further ones off until the migration commits, so no producer written meanwhile is
 * missed by both.
 */
export const producersSeen: Migration = {
  version: 11,
  name: 'producers: every producer seen, kept by triggers',
  sql: ['CREATE TABLE producers (name TEXT PRIMARY KEY){CLUSTERED}'],
  only: {
    sqlite: [...TRIGGERS.map(sqliteTrigger), fill],
    postgres: [
      ...[...new Set(PRODUCER_COLUMNS.map(([, column]) => column))].map(postgresFunction),
      ...TRIGGERS.map(postgresTrigger),
      fill,
    ],
  },
};
