/**
 * `catalogs`: the latest catalog of each node (table `catalogs`), with its resources and edges
 * nested as PuppetDB nests them: `{"data": [...], "href": "/pdb/query/v4/catalogs/<node>/resources"}`.
 * `environments`: every environment named by a catalog, facts or report.
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const CATALOGS: EntitySpec = {
  source: 'catalogs',
  rowid: true,
  alias: 'c',
  fields: {
    catalog_uuid: column('string', 'catalog_uuid'),
    certname: column('string', 'certname'),
    code_id: column('string', 'code_id'),
    environment: column('string', 'environment'),
    hash: column('string', 'hash'),
    job_id: column('string', 'job_id'),
    producer: column('string', 'producer'),
    producer_timestamp: column('timestamp', 'producer_timestamp'),
    transaction_uuid: column('string', 'transaction_uuid'),
    version: column('string', 'version'),
  },
  // PuppetDB 7.12.1's key order (checked against the real server).
  output: [
    output('catalog_uuid', 'string'),
    output('producer', 'string'),
    output('hash', 'string'),
    output('transaction_uuid', 'string'),
    output('producer_timestamp', 'timestamp'),
    output('environment', 'string'),
    output('code_id', 'string'),
    output('version', 'string'),
    output('resources', 'catalog-resources', 'certname'),
    output('certname', 'string'),
    output('edges', 'catalog-edges', 'certname'),
    output('job_id', 'string'),
  ],
  nodeState: true,
};

export const ENVIRONMENTS: EntitySpec = {
  source: 'environments',
  alias: 'e',
  fields: { name: column('string', 'name') },
  output: [output('name', 'string')],
  nodeState: false,
};
