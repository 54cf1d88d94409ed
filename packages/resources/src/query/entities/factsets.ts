/**
 * `factsets`: one row per node that sent facts (table `certnames`), each with its facts nested as
 * `{"data": [{"name", "value"}...], "href": "/pdb/query/v4/factsets/<node>/facts"}`.
 * `inventory`: the same nodes with their facts as one object (stored so, `facts_json`) and the
 * `trusted` fact beside it;
 * `facts.<path>` and `trusted.<path>` reach inside them (compiled as lookups in `facts`).
 * @module
 */
import { column, type EntitySpec, type FieldSpec, output } from './entity-spec.js';

const NODES_WITH_FACTS =
  '(SELECT certname, facts_environment AS environment, facts_timestamp AS timestamp, ' +
  'facts_producer_timestamp AS producer_timestamp, facts_producer AS producer, facts_hash AS hash, facts_json ' +
  'FROM certnames WHERE facts_timestamp IS NOT NULL)';

/** A node's facts as a whole: extracted, never compared (a dotted path compares inside). */
const wholeFacts: FieldSpec = Object.freeze({ type: 'json', column: 'certname', projectable: true });

export const FACTSETS: EntitySpec = {
  source: NODES_WITH_FACTS,
  alias: 'fs',
  fields: {
    certname: column('string', 'certname'),
    environment: column('string', 'environment'),
    facts: wholeFacts,
    hash: column('string', 'hash'),
    producer: column('string', 'producer'),
    producer_timestamp: column('timestamp', 'producer_timestamp'),
    timestamp: column('timestamp', 'timestamp'),
  },
  // PuppetDB 7.12.1's key order (checked against the real server).
  output: [
    output('timestamp', 'timestamp'),
    output('facts', 'factset-facts', 'certname'),
    output('certname', 'string'),
    output('hash', 'string'),
    output('producer_timestamp', 'timestamp'),
    output('producer', 'string'),
    output('environment', 'string'),
  ],
  nodeState: true,
  projections: ['timestamp', 'facts', 'certname', 'hash', 'producer_timestamp', 'producer', 'environment'],
};

export const INVENTORY: EntitySpec = {
  source: NODES_WITH_FACTS,
  alias: 'inv',
  fields: {
    certname: column('string', 'certname'),
    environment: column('string', 'environment'),
    facts: wholeFacts,
    timestamp: column('timestamp', 'timestamp'),
    trusted: wholeFacts,
  },
  output: [
    output('certname', 'string'),
    output('timestamp', 'timestamp'),
    output('environment', 'string'),
    output('facts', 'facts-object', 'facts_json'),
    output('trusted', 'trusted-fact', 'certname'),
  ],
  nodeState: true,
  projections: ['certname', 'timestamp', 'environment', 'facts', 'trusted'],
};
