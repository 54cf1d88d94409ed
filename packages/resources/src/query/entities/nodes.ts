/**
 * `nodes`: one row per node ever seen (table `certnames`). `report_timestamp` is the latest
 * report's producer timestamp, as PuppetDB answers it; the catalog and facts timestamps are when
 * they were stored.
 * @module
 */
import { column, type EntitySpec, output } from './entity-spec.js';

export const NODES: EntitySpec = {
  source: 'certnames',
  rowid: true,
  alias: 'n',
  fields: {
    cached_catalog_status: column('string', 'cached_catalog_status'),
    catalog_environment: column('string', 'catalog_environment'),
    catalog_timestamp: column('timestamp', 'catalog_timestamp'),
    certname: column('string', 'certname'),
    deactivated: column('timestamp', 'deactivated'),
    expired: column('timestamp', 'expired'),
    facts_environment: column('string', 'facts_environment'),
    facts_timestamp: column('timestamp', 'facts_timestamp'),
    latest_report_corrective_change: column('boolean', 'latest_report_corrective_change'),
    latest_report_hash: column('string', 'latest_report_hash'),
    latest_report_job_id: column('string', 'latest_report_job_id'),
    latest_report_noop: column('boolean', 'latest_report_noop'),
    latest_report_noop_pending: column('boolean', 'latest_report_noop_pending'),
    latest_report_status: column('string', 'latest_report_status'),
    report_environment: column('string', 'report_environment'),
    report_timestamp: column('timestamp', 'report_producer_timestamp'),
  },
  // PuppetDB 7.12.1's key order (checked against the real server).
  output: [
    output('deactivated', 'timestamp'),
    output('latest_report_hash', 'string'),
    output('facts_environment', 'string'),
    output('cached_catalog_status', 'string'),
    output('report_environment', 'string'),
    output('latest_report_corrective_change', 'boolean'),
    output('catalog_environment', 'string'),
    output('facts_timestamp', 'timestamp'),
    output('latest_report_noop', 'boolean'),
    output('expired', 'timestamp'),
    output('latest_report_noop_pending', 'boolean'),
    output('report_timestamp', 'timestamp', 'report_producer_timestamp'),
    output('certname', 'string'),
    output('catalog_timestamp', 'timestamp'),
    output('latest_report_job_id', 'string'),
    output('latest_report_status', 'string'),
  ],
  nodeState: true,
};
