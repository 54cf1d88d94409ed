/**
 * A small fleet written straight into a store through its SQL (schema of store/schema.ts), so the
 * query tests do not depend on the command pipeline. Four nodes: two active, one recently
 * deactivated (inactive), one deactivated long ago (beyond the purge window).
 */
import { storeResourceTitles } from '../../../src/commands/resource-titles.js';
import { canonicalJson, resourceHash } from '../../../src/store/canonical-json.js';
import { forDialect } from '../../../src/store/placeholders.js';
import type { ResourceStore, SqlParam, SqlRunner } from '../../../src/store/types.js';

export interface FixtureResource {
  readonly type: string;
  readonly title: string;
  readonly exported?: boolean;
  readonly file?: string;
  readonly line?: number;
  readonly tags: readonly string[];
  readonly parameters: Record<string, unknown>;
}

export interface FixtureNode {
  readonly certname: string;
  readonly environment: string | null;
  readonly deactivated?: string;
  readonly resources: readonly FixtureResource[];
}

const HOSTS: FixtureResource = {
  type: 'File',
  title: '/etc/hosts',
  file: '/etc/puppet/site.pp',
  line: 5,
  tags: ['file', 'class', 'hosts'],
  parameters: { ensure: 'file', owner: 'root', mode: '0644' },
};

export const NOW = '2026-11-20T12:00:00.000Z';
/** now - 14 days: nodes deactivated after this are `inactive`, before it are purge-bound. */
export const INACTIVE_SINCE = '2026-11-06T12:00:00.000Z';

export const FLEET: readonly FixtureNode[] = [
  {
    certname: 'web1.example.com',
    environment: 'production',
    resources: [
      { type: 'Class', title: 'main', tags: ['class'], parameters: { name: 'main' } },
      HOSTS,
      {
        type: 'Package',
        title: 'nginx',
        file: '/etc/puppet/site.pp',
        line: 10,
        tags: ['package', 'nginx'],
        parameters: { ensure: 'installed' },
      },
      {
        type: 'User',
        title: 'alice',
        file: '/etc/puppet/users.pp',
        line: 22,
        tags: ['user', 'admins'],
        parameters: {
          uid: 1001,
          groups: ['wheel', 'admin'],
          shell: '/bin/bash',
          managehome: true,
          'a.b': { c: 'dotted' },
        },
      },
      {
        type: 'Nagios_host',
        title: 'web1.example.com',
        exported: true,
        file: '/etc/puppet/monitor.pp',
        line: 3,
        tags: ['nagios_host', 'monitoring'],
        parameters: { address: '10.0.0.1', nested: { a: { b: 'x' } }, weight: 2.5 },
      },
    ],
  },
  {
    certname: 'web2.example.com',
    environment: 'staging',
    resources: [
      HOSTS,
      {
        type: 'Package',
        title: 'nginx',
        file: '/etc/puppet/site.pp',
        line: 3,
        tags: ['package', 'nginx'],
        parameters: { ensure: '1.2.3' },
      },
      {
        type: 'Apache::Vhost',
        title: 'site',
        file: '/etc/puppet/web.pp',
        line: 40,
        tags: ['apache::vhost', 'apache', 'web'],
        parameters: { port: 80, docroot: '/var/www', ssl: false },
      },
      {
        type: 'Nagios_host',
        title: 'web2.example.com',
        exported: true,
        file: '/etc/puppet/monitor.pp',
        line: 3,
        tags: ['nagios_host', 'monitoring'],
        parameters: { address: '10.0.0.2', nested: { a: { b: 'y' } }, weight: 7 },
      },
    ],
  },
  {
    certname: 'old1.example.com',
    environment: 'production',
    deactivated: '2026-11-19T00:00:00.000Z',
    resources: [
      HOSTS,
      { type: 'Package', title: 'nginx', line: 1, tags: ['package'], parameters: { ensure: 'absent' } },
    ],
  },
  {
    certname: 'gone.example.com',
    environment: 'production',
    deactivated: '2026-10-01T00:00:00.000Z',
    resources: [HOSTS],
  },
];

async function insert(
  store: SqlRunner,
  table: string,
  row: Record<string, SqlParam>,
  onConflict = '',
): Promise<void> {
  const names = Object.keys(row);
  const marks = names.map(() => '?').join(', ');
  const sql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${marks})${onConflict}`;
  await store.run(forDialect(store.dialect, sql), Object.values(row));
}

/** Writes `nodes` (default: FLEET) into `store`. */
export async function loadFleet(store: ResourceStore, nodes: readonly FixtureNode[] = FLEET): Promise<void> {
  for (const node of nodes) {
    // One transaction per node: one commit instead of one per row.
    await store.transaction(async (tx) => {
      await insert(tx, 'certnames', {
        certname: node.certname,
        deactivated: node.deactivated ?? null,
        catalog_environment: node.environment,
      });
      await insert(tx, 'catalogs', {
        certname: node.certname,
        version: '1',
        environment: node.environment,
        producer_timestamp: NOW,
        hash: 'f'.repeat(40),
        received: NOW,
      });
      if (node.environment) {
        await tx.run(
          forDialect(tx.dialect, 'INSERT INTO environments (name) VALUES (?) ON CONFLICT DO NOTHING'),
          [node.environment],
        );
      }
      for (const r of node.resources) await insertResource(tx, node, r);
    });
  }
}

async function insertResource(store: SqlRunner, node: FixtureNode, r: FixtureResource): Promise<void> {
  const resource = resourceHash(r.type, r.title, r.parameters);
  const tags = [...new Set(r.tags)].sort();
  await insert(store, 'resources', {
    certname: node.certname,
    resource,
    type: r.type,
    title: r.title,
    exported: r.exported ?? false,
    file: r.file ?? null,
    line: r.line ?? null,
    tags: JSON.stringify(tags),
    parameters: canonicalJson(r.parameters),
    environment: node.environment,
  });
  await storeResourceTitles(store, [r.title]);
  // As commands/resource-tags.ts stores them: rows per node on SQLite, each name once on PostgreSQL.
  for (const tag of tags) {
    if (store.dialect === 'sqlite')
      await insert(store, 'resource_tags', { certname: node.certname, resource, tag });
    else await insert(store, 'tag_names', { tag }, ' ON CONFLICT DO NOTHING');
  }
  for (const [name, value] of Object.entries(r.parameters)) {
    // Rows are shared by every node holding the same resource (hash).
    await insert(
      store,
      'resource_params',
      {
        resource,
        name,
        value: canonicalJson(value),
        value_string: typeof value === 'string' ? value : null,
      },
      ' ON CONFLICT DO NOTHING',
    );
  }
}
