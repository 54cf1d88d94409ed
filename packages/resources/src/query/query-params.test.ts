import { describe, expect, it } from 'vitest';
import type { Entity } from './ast/entity.js';
import { compileQuery } from './compile-query.js';
import { readQueryParameters } from './query-params.js';
import { validateQuery } from './validate.js';

/** The message of reading `values` and compiling a query on `entity` with their paging. */
const error = (
  values: Record<string, unknown>,
  source: 'url' | 'body' = 'url',
  entity: Entity = 'resources',
) => {
  try {
    const { paging } = readQueryParameters(values, source);
    compileQuery(validateQuery(undefined, [], entity), 'sqlite', {
      paging,
      inactiveSince: '2026-01-01T00:00:00.000Z',
    });
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
};

describe('query parameters', () => {
  it('reads paging from URL strings and body numbers', () => {
    const url = readQueryParameters(
      { limit: '10', offset: '0', order_by: '[{"field":"title","order":"DESC"}]', include_total: 'TRUE' },
      'url',
    );
    expect(url.paging).toEqual({
      limit: 10,
      offset: 0,
      orderBy: [{ field: 'title', direction: 'desc' }],
      includeTotal: true,
    });
    const body = readQueryParameters(
      { limit: 5, offset: 3, order_by: [{ field: 'line' }], include_total: true },
      'body',
    );
    expect(body.paging).toEqual({
      limit: 5,
      offset: 3,
      orderBy: [{ field: 'line', direction: 'asc' }],
      includeTotal: true,
    });
  });

  it('parses include_total and pretty leniently (only "true" counts)', () => {
    expect(readQueryParameters({ include_total: 'yes', pretty: '1' }, 'url')).toMatchObject({
      paging: { includeTotal: false },
      pretty: false,
    });
  });

  it('rejects unknown and repeated parameters', () => {
    expect(error({ foo: '1' })).toBe("Unsupported query parameter 'foo'");
    expect(error({ timeout: '10' })).toBe("Unsupported query parameter 'timeout'");
    expect(error({ limit: ['1', '2'] })).toBe("Parameter 'limit' may be given only once");
    expect(error({ explain: 'analyze' })).toMatch(/^Illegal value 'analyze' for :explain/);
  });
});

describe('query parameters: paging and order_by refused as PuppetDB refuses them', () => {
  it('rejects bad limits and offsets with PuppetDB texts', () => {
    expect(error({ limit: '0' })).toBe("Illegal value '0' for :limit; expected a positive non-zero integer.");
    expect(error({ limit: '-1' })).toBe(
      "Illegal value '-1' for :limit; expected a positive non-zero integer.",
    );
    expect(error({ limit: 'abc' })).toBe(
      "Illegal value 'abc' for :limit; expected a positive non-zero integer.",
    );
    expect(error({ limit: 1.5 }, 'body')).toBe(
      "Illegal value '1.5' for :limit; expected a positive non-zero integer.",
    );
    expect(error({ offset: '-5' })).toBe("Illegal value '-5' for :offset; expected a non-negative integer.");
    expect(error({ offset: '2.5' })).toBe(
      "Illegal value '2.5' for :offset; expected a non-negative integer.",
    );
  });

  it("answers a limit or offset above Java's largest int as PuppetDB 7.12.1 does (checked)", () => {
    expect(error({ limit: '2147483648' })).toBe(
      "Illegal value '2147483648' for :limit; expected a positive non-zero integer.",
    );
    expect(error({ limit: 2147483648 }, 'body')).toBe(
      "Illegal value '2147483648' for :limit; expected a positive non-zero integer.",
    );
    expect(error({ offset: '2147483648' })).toBe(
      "Illegal value '2147483648' for :offset; expected a non-negative integer.",
    );
    expect(readQueryParameters({ limit: '2147483647' }, 'url').paging.limit).toBe(2147483647);
  });

  it('rejects bad order_by values with PuppetDB texts', () => {
    expect(error({ order_by: '[{' })).toBe(
      "Illegal value '[{' for :order_by; expected a JSON array of maps.",
    );
    expect(error({ order_by: '{"field":"title"}' })).toBe(
      `Illegal value '{"field":"title"}' for :order_by; expected an array of maps.`,
    );
    expect(error({ order_by: '["title"]' })).toBe(
      `Illegal value '["title"]' for :order_by; expected an array of maps.`,
    );
    expect(error({ order_by: '[{"order":"desc"}]' })).toBe(
      `Illegal value '{:order "desc"}' in :order_by; missing required key field.`,
    );
    expect(error({ order_by: '[{"field":"title","order":"up"}]' })).toBe(
      `Illegal value '{:field "title", :order "up"}' in :order_by; 'order' must be either 'asc' or 'desc'`,
    );
    expect(error({ order_by: '[{"field":"title","foo":1}]' })).toBe(
      `Illegal value '{:field "title", :foo 1}' in :order_by; unknown key 'foo'.`,
    );
    expect(error({ order_by: '[{"field":"nope"}]' })).toBe(
      "Unrecognized column 'nope' specified in :order_by; Supported columns are 'certname', 'environment', 'exported', 'file', 'line', 'resource', 'title', 'type'",
    );
    expect(error({ order_by: '[{"field":"certname"}]' }, 'url', 'fact_names')).toBe(
      "Unrecognized column 'certname' specified in :order_by; Supported columns are 'name'",
    );
    expect(readQueryParameters({ order_by: '[]' }, 'url').paging.orderBy).toEqual([]);
  });
});
