/**
 * Puppet agent reports (`store report` v8, as Puppet 7's terminus sends them) for tests and the
 * benchmark: a run with a changed file, a failed service, a noop package, a skipped resource and
 * an unchanged one, with the metrics and logs Puppet writes. `reportPayload` builds one;
 * `feedReports` sends reports through the command route of an app.
 */
import type { FastifyInstance } from 'fastify';

/** What varies between the reports of a fleet. */
export interface ReportShape {
  readonly certname: string;
  /** Producer timestamp (ISO); start and end lie a few seconds before it. */
  readonly at: string;
  readonly status?: 'changed' | 'failed' | 'unchanged';
  readonly environment?: string;
  readonly noop?: boolean;
  readonly type?: 'agent' | 'plan';
  /** Changed files besides the fixed resources (for bigger reports). */
  readonly extraFiles?: number;
}

const seconds = (iso: string, delta: number) => new Date(Date.parse(iso) + delta * 1000).toISOString();

function changedFile(path: string, at: string, line: number) {
  return {
    resource_type: 'File',
    resource_title: path,
    timestamp: at,
    skipped: false,
    file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
    line,
    containment_path: ['Stage[main]', 'Motd', `File[${path}]`],
    corrective_change: false,
    events: [
      {
        status: 'success',
        timestamp: at,
        property: 'content',
        name: 'content_changed',
        new_value: '{md5}4c7f0a1e2b3d',
        old_value: '{md5}9a8b7c6d5e4f',
        message: "content changed '{md5}9a8b7c6d5e4f' to '{md5}4c7f0a1e2b3d'",
        corrective_change: false,
      },
    ],
  };
}

/** The resources of one run: what changed, failed, was noop or skipped, and one unchanged. */
function resources(shape: ReportShape, at: string) {
  const failed = shape.status === 'failed';
  const list: unknown[] = [
    changedFile('/etc/motd', at, 3),
    {
      resource_type: 'Package',
      resource_title: 'vim',
      timestamp: at,
      skipped: false,
      file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
      line: 7,
      containment_path: ['Stage[main]', 'Main', 'Package[vim]'],
      corrective_change: false,
      events: [
        {
          status: 'noop',
          timestamp: at,
          property: 'ensure',
          name: null,
          new_value: 'present',
          old_value: 'absent',
          message: "current_value 'absent', should be 'present' (noop)",
          corrective_change: false,
        },
      ],
    },
    {
      resource_type: 'Service',
      resource_title: 'ntp',
      timestamp: at,
      skipped: !failed,
      file: null,
      line: null,
      containment_path: ['Stage[main]', 'Ntp::Service', 'Service[ntp]'],
      corrective_change: false,
      events: failed
        ? [
            {
              status: 'failure',
              timestamp: at,
              property: 'ensure',
              name: null,
              new_value: 'running',
              old_value: 'stopped',
              message: 'Could not start Service[ntp]',
              corrective_change: false,
            },
          ]
        : [],
    },
    {
      resource_type: 'User',
      resource_title: 'admin',
      timestamp: at,
      skipped: false,
      file: null,
      line: null,
      containment_path: ['Stage[main]', 'Users', 'User[admin]'],
      corrective_change: false,
      events: [],
    },
  ];
  for (let i = 0; i < (shape.extraFiles ?? 0); i++)
    list.push(changedFile(`/srv/app/conf.d/${i}.conf`, at, 10 + i));
  return list;
}

/** A `store report` v8 payload. */
export function reportPayload(shape: ReportShape): Record<string, unknown> {
  const end = seconds(shape.at, -2);
  const status = shape.status ?? 'changed';
  return {
    certname: shape.certname,
    environment: shape.environment ?? 'production',
    puppet_version: '7.23.0',
    report_format: 12,
    configuration_version: String(Math.floor(Date.parse(shape.at) / 1000)),
    start_time: seconds(shape.at, -10),
    end_time: end,
    producer_timestamp: shape.at,
    producer: 'puppet.example.com',
    resources: resources(shape, seconds(shape.at, -5)),
    metrics: [
      { category: 'resources', name: 'total', value: 4 + (shape.extraFiles ?? 0) },
      { category: 'resources', name: 'failed', value: status === 'failed' ? 1 : 0 },
      { category: 'time', name: 'total', value: 7.52 },
      { category: 'events', name: 'success', value: 1 + (shape.extraFiles ?? 0) },
    ],
    logs: [
      {
        file: null,
        line: null,
        level: 'info',
        message: `Applying configuration version '${Math.floor(Date.parse(shape.at) / 1000)}'`,
        source: 'Puppet',
        tags: ['info'],
        time: seconds(shape.at, -9),
      },
      {
        file: '/etc/puppetlabs/code/environments/production/manifests/site.pp',
        line: 3,
        level: 'notice',
        message: "content changed '{md5}9a8b7c6d5e4f' to '{md5}4c7f0a1e2b3d'",
        source: '/Stage[main]/Motd/File[/etc/motd]/content',
        tags: ['notice', 'file', 'motd', 'class'],
        time: seconds(shape.at, -5),
      },
    ],
    transaction_uuid: crypto.randomUUID(),
    catalog_uuid: crypto.randomUUID(),
    code_id: null,
    job_id: null,
    cached_catalog_status: 'not_used',
    status,
    noop: shape.noop ?? false,
    corrective_change: false,
    noop_pending: true,
    type: shape.type ?? 'agent',
  };
}

/** Sends each report through `POST /pdb/cmd/v1` and waits until it is applied. */
export async function feedReports(app: FastifyInstance, shapes: readonly ReportShape[]): Promise<void> {
  for (const shape of shapes) {
    const res = await app.inject({
      method: 'POST',
      url: `/pdb/cmd/v1?command=store_report&version=8&certname=${shape.certname}&secondsToWaitForCompletion=30`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(reportPayload(shape)),
    });
    if (res.statusCode !== 200)
      throw new Error(`store report ${shape.certname}: ${res.statusCode} ${res.body}`);
  }
}
