/**
 * @module store/facts-function-schema
 * Migration 12 (schema.ts lists them all), PostgreSQL only: a node's new facts applied by two
 * database functions, so that a client waiting for its `replace facts` (scripts, provisioning) is
 * answered after one round trip instead of five (begin, lock the node, write, store the queue row,
 * commit), the last cost between a waited fact set and three times PuppetDB's rate.
 *
 * - `gatehouse_replace_facts(...)` does what applyFactset does on SQLite, in the same order (the
 *   node created and locked, reactivated by facts newer than its deactivation or expiry, `stale`
 *   when its stored facts are newer, else the facts and leaves replaced in one statement where
 *   they changed, new leaf paths and the environment recorded, the node's facts columns set) and
 *   returns the outcome. The queue's consumer calls it inside its transaction.
 * - `gatehouse_store_applied(...)` stores a command's queue row as already applied, as
 *   `storeApplied` does, and raises SQLSTATE `GH001` when the node has a command queued before it,
 *   which rolls the whole statement back. A waited fact set is one autocommitted statement:
 *   `SELECT gatehouse_store_applied(<row>, gatehouse_replace_facts(<facts>))`.
 *
 * A function's statements each see the rows committed before they start (a volatile function in
 * READ COMMITTED), so the facts are read after the node's lock is held, as with separate
 * statements. SQLite needs none of this: a statement costs no round trip there.
 */
import type { Migration } from './migration.js';

const replaceFacts = `CREATE FUNCTION gatehouse_replace_facts(
    p_certname TEXT, p_producer_timestamp TIMESTAMPTZ, p_received TIMESTAMPTZ, p_environment TEXT,
    p_producer TEXT, p_hash TEXT, p_facts_json TEXT,
    p_names TEXT[], p_values TEXT[], p_strings TEXT[],
    p_paths TEXT[], p_leaf_names TEXT[], p_depths INTEGER[], p_types TEXT[], p_leaf_values TEXT[],
    p_leaf_strings TEXT[]
  ) RETURNS TEXT LANGUAGE plpgsql AS $$
  DECLARE
    v_deactivated TIMESTAMPTZ;
    v_expired TIMESTAMPTZ;
    v_stored TIMESTAMPTZ;
  BEGIN
    -- The no-op update takes the row lock SELECT ... FOR UPDATE would, new node or stored.
    INSERT INTO certnames (certname) VALUES (p_certname)
      ON CONFLICT (certname) DO UPDATE SET certname = excluded.certname
      RETURNING deactivated, expired, facts_producer_timestamp INTO v_deactivated, v_expired, v_stored;
    IF v_deactivated < p_producer_timestamp OR v_expired < p_producer_timestamp THEN
      UPDATE certnames SET
        deactivated = CASE WHEN deactivated < p_producer_timestamp THEN NULL ELSE deactivated END,
        expired = CASE WHEN expired < p_producer_timestamp THEN NULL ELSE expired END
      WHERE certname = p_certname;
    END IF;
    IF v_stored > p_producer_timestamp THEN
      RETURN 'stale';
    END IF;
    -- Each clause touches rows no other one does, so their order inside the statement is free.
    WITH new_facts AS (
      SELECT * FROM unnest(p_names, p_values, p_strings) AS n(name, value, value_string)
    ), new_leaves AS (
      SELECT * FROM unnest(p_paths, p_leaf_names, p_depths, p_types, p_leaf_values, p_leaf_strings)
        AS n(path, name, depth, value_type, value, value_string)
    ), gone_facts AS (
      DELETE FROM facts f
      WHERE f.certname = p_certname AND NOT EXISTS (SELECT 1 FROM new_facts n WHERE n.name = f.name)
    ), put_facts AS (
      INSERT INTO facts (certname, name, value, value_string)
      SELECT p_certname, n.name, n.value, n.value_string FROM new_facts n
      ON CONFLICT (certname, name) DO UPDATE SET value = excluded.value, value_string = excluded.value_string
      WHERE (facts.value, facts.value_string) IS DISTINCT FROM (excluded.value, excluded.value_string)
    ), gone_leaves AS (
      DELETE FROM fact_contents c
      WHERE c.certname = p_certname AND NOT EXISTS (SELECT 1 FROM new_leaves n WHERE n.path = c.path)
    ), put_leaves AS (
      INSERT INTO fact_contents (certname, path, name, depth, value_type, value, value_string)
      SELECT p_certname, n.path, n.name, n.depth, n.value_type, n.value, n.value_string FROM new_leaves n
      ON CONFLICT (certname, path) DO UPDATE
        SET value_type = excluded.value_type, value = excluded.value, value_string = excluded.value_string
      WHERE (fact_contents.value_type, fact_contents.value, fact_contents.value_string)
        IS DISTINCT FROM (excluded.value_type, excluded.value, excluded.value_string)
    ), new_paths AS (
      INSERT INTO fact_paths (path, value_type, name, depth)
      SELECT DISTINCT n.path, n.value_type, n.name, n.depth FROM new_leaves n
      ON CONFLICT DO NOTHING
    ), environment AS (
      INSERT INTO environments (name) SELECT p_environment WHERE p_environment IS NOT NULL
      ON CONFLICT (name) DO NOTHING
    )
    UPDATE certnames SET
      facts_producer_timestamp = p_producer_timestamp, facts_timestamp = p_received,
      facts_environment = p_environment, facts_producer = p_producer, facts_hash = p_hash,
      facts_json = p_facts_json
    WHERE certname = p_certname;
    RETURN 'stored';
  END $$`;

const storeApplied = `CREATE FUNCTION gatehouse_store_applied(
    p_uuid TEXT, p_received TIMESTAMPTZ, p_command TEXT, p_version INTEGER, p_certname TEXT,
    p_producer_timestamp TIMESTAMPTZ, p_outcome TEXT, p_applied TIMESTAMPTZ, p_instance TEXT
  ) RETURNS TEXT LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO command_queue (uuid, received, command, version, certname, producer_timestamp, payload,
      state, outcome, applied, applied_by)
    SELECT p_uuid, p_received, p_command, p_version, p_certname, p_producer_timestamp, '',
      'done', p_outcome, p_applied, p_instance
    WHERE NOT EXISTS (SELECT 1 FROM command_queue WHERE state = 'queued' AND certname = p_certname);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'node % has a command queued before this one', p_certname USING ERRCODE = 'GH001';
    END IF;
    RETURN p_outcome;
  END $$`;

export const factsFunctions: Migration = {
  version: 12,
  name: 'PostgreSQL: facts applied and waited commands stored by database functions',
  sql: [],
  only: { postgres: [replaceFacts, storeApplied] },
};
