import { describe, expect, it } from 'vitest';
import { smallCatalog } from '../../test/support/commands/fixtures.js';
import { readCatalog } from './catalog-payload.js';
import { CommandError } from './errors.js';

const TS = '2026-11-20T08:00:00.000Z';

function failure(payload: unknown, version = 9): CommandError {
  try {
    readCatalog(payload, version, 'web1');
  } catch (error) {
    expect(error).toBeInstanceOf(CommandError);
    return error as CommandError;
  }
  throw new Error('expected readCatalog to fail');
}

function withResources(resources: unknown[], edges: unknown[] = []) {
  return { ...smallCatalog('web1', TS), resources, edges };
}

describe('readCatalog', () => {
  it('normalises a valid v9 catalog', () => {
    const catalog = readCatalog(smallCatalog('web1', '2026-11-20T09:00:00+01:00'), 9, 'web1');
    expect(catalog.producerTimestamp).toBe(TS);
    const file = catalog.resources.find((r) => r.type === 'File')!;
    expect(file.tags).toEqual(['class', 'file']);
    expect(file.resource).toMatch(/^[0-9a-f]{40}$/);
    expect(file.line).toBe(5);
    const main = catalog.resources.find((r) => r.type === 'Class')!;
    expect([main.file, main.line]).toEqual([null, null]);
    expect(catalog.edges).toEqual([
      {
        sourceType: 'Class',
        sourceTitle: 'main',
        targetType: 'File',
        targetTitle: '/etc/hosts',
        relationship: 'contains',
      },
    ]);
  });

  it('gives the same content hash to the same content and another to changed content', () => {
    const a = readCatalog(smallCatalog('web1', TS), 9);
    const b = readCatalog({ ...smallCatalog('web1', '2026-12-01T00:00:00Z'), version: '2' }, 9);
    const changed = smallCatalog('web1', TS);
    changed.resources[1]!.line = 6;
    expect(a.hash).toBe(b.hash);
    expect(readCatalog(changed, 9).hash).not.toBe(a.hash);
  });

  it('accepts an older version without the keys later versions added', () => {
    const { producer: _p, catalog_uuid: _c, code_id: _d, ...v6 } = smallCatalog('web1', TS);
    expect(readCatalog(v6, 6).catalogUuid).toBeNull();
    expect(failure(v6, 9).field).toBe('code_id');
  });

  it.each([
    ['certname', { certname: '' }, 'ERR_CMD_INVALID_FIELD'],
    ['version', { version: 7 }, 'ERR_CMD_INVALID_FIELD'],
    ['producer_timestamp', { producer_timestamp: 'yesterday' }, 'ERR_CMD_INVALID_FIELD'],
    ['producer_timestamp', { producer_timestamp: null }, 'ERR_CMD_MISSING_FIELD'],
    ['environment', { environment: 3 }, 'ERR_CMD_INVALID_FIELD'],
    ['resources', { resources: {} }, 'ERR_CMD_INVALID_FIELD'],
    ['edges', { edges: undefined }, 'ERR_CMD_MISSING_FIELD'],
  ])('rejects a bad %s', (field, change, code) => {
    const error = failure({ ...smallCatalog('web1', TS), ...change });
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Command "replace catalog" for certname "web1" is invalid\. /);
  });

  it.each([
    ['type', { title: 'x', exported: false, tags: [] }, 'resources[0].type'],
    ['title', { type: 'File', title: 1, exported: false, tags: [] }, 'resources[0].title'],
    ['exported', { type: 'File', title: 'x', exported: 'no', tags: [] }, 'resources[0].exported'],
    ['tags', { type: 'File', title: 'x', exported: false }, 'resources[0].tags'],
    ['upper-case tag', { type: 'File', title: 'x', exported: false, tags: ['Web'] }, 'resources[0].tags[0]'],
    [
      'tag with a space',
      { type: 'File', title: 'x', exported: false, tags: ['a b'] },
      'resources[0].tags[0]',
    ],
    ['line', { type: 'File', title: 'x', exported: false, tags: [], line: '5' }, 'resources[0].line'],
    [
      'parameters',
      { type: 'File', title: 'x', exported: false, tags: [], parameters: [] },
      'resources[0].parameters',
    ],
  ])('rejects a resource with a bad %s', (_what, resource, field) => {
    expect(failure(withResources([resource])).field).toBe(field);
  });
});

describe('readCatalog: tags, duplicates and edges', () => {
  it('accepts Unicode and namespaced tags', () => {
    const ok = withResources([
      { type: 'Notify', title: 'x', exported: false, tags: ['ünïcödé', 'apache::vhost', '_x', '9a.b-c'] },
    ]);
    expect(readCatalog(ok, 9).resources[0]!.tags).toHaveLength(4);
  });

  it('rejects duplicate resources', () => {
    const r = { type: 'File', title: '/etc/x', exported: false, tags: [] };
    const error = failure(withResources([r, { ...r, exported: true }]));
    expect(error.code).toBe('ERR_CMD_DUPLICATE_RESOURCE');
    expect(error.field).toBe('resources[1]');
    expect(error.message).toContain('File[/etc/x]');
  });

  it('rejects edges to resources that are not in the catalog, and bad relationships', () => {
    const r = { type: 'File', title: '/etc/x', exported: false, tags: [] };
    const edge = (target: string, relationship: string) => ({
      source: { type: 'File', title: '/etc/x' },
      target: { type: 'File', title: target },
      relationship,
    });
    const dangling = failure(withResources([r], [edge('/nope', 'before')]));
    expect(dangling.code).toBe('ERR_CMD_DANGLING_EDGE');
    expect(dangling.field).toBe('edges[0].target');
    expect(failure(withResources([r], [edge('/etc/x', 'likes')])).field).toBe('edges[0].relationship');
    const { source: _s, ...sourceless } = edge('/etc/x', 'before');
    expect(failure(withResources([r], [sourceless])).code).toBe('ERR_CMD_MISSING_FIELD');
  });
});
