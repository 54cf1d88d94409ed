/**
 * A Puppet agent run's `store report` v8 payload (what Puppet 7 and 8 send), for the resources
 * benches: the envelope every report shares (versions, times, uuids, logs, status fields) around
 * the resources and metrics a bench gives.
 */

/** A UUID that is the same for the same `n`, so a bench's reports are the same from run to run. */
export const uuidOf = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0').slice(-12)}`;

/**
 * The report of `certname` for a run ending at `at` (ISO), numbered `run` (its configuration
 * version and, with `uuid`, its transaction and catalog uuid), with `resources` (resource
 * statuses with their events) and `metrics`; `status` `changed` and `noopPending` false unless
 * said otherwise.
 */
export function agentReport({
  certname,
  environment,
  at,
  run,
  uuid,
  resources,
  metrics,
  status = 'changed',
  noopPending = false,
}) {
  return {
    certname,
    environment,
    puppet_version: '7.23.0',
    report_format: 12,
    configuration_version: String(run),
    start_time: new Date(Date.parse(at) - 9000).toISOString(),
    end_time: new Date(Date.parse(at) - 1000).toISOString(),
    producer_timestamp: at,
    producer: 'puppet.example.com',
    resources,
    metrics,
    logs: [
      {
        file: null,
        line: null,
        level: 'notice',
        message: 'Applied catalog',
        source: 'Puppet',
        tags: ['notice'],
        time: at,
      },
    ],
    transaction_uuid: uuid,
    catalog_uuid: uuid,
    code_id: null,
    job_id: null,
    cached_catalog_status: 'not_used',
    status,
    noop: false,
    corrective_change: false,
    noop_pending: noopPending,
    type: 'agent',
  };
}
