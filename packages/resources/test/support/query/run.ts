/** Runs a query through the whole pipeline against a store and returns the parsed objects. */

import type { QueryNode } from '../../../src/query/ast/query-node.js';
import { NO_PAGING, type Paging } from '../../../src/query/paging.js';
import { parseQuery } from '../../../src/query/parse.js';
import { prepareQuery } from '../../../src/query/run-query.js';
import type { ResourceStore } from '../../../src/store/types.js';
import { INACTIVE_SINCE } from './fixtures.js';

export type Obj = Record<string, unknown>;

export async function runQuery(
  store: ResourceStore,
  query: unknown,
  options: { criteria?: QueryNode[]; paging?: Partial<Paging> } = {},
): Promise<{ rows: Obj[]; total: number | undefined }> {
  const paging = { ...NO_PAGING, ...options.paging };
  const prepared = prepareQuery(store, parseQuery(query), {
    criteria: options.criteria ?? [],
    paging,
    inactiveSince: INACTIVE_SINCE,
  });
  const rows: Obj[] = [];
  for await (const text of prepared.objects()) rows.push(JSON.parse(text) as Obj);
  return { rows, total: paging.includeTotal ? await prepared.total() : undefined };
}

/** `certname type[title]` keys, sorted: compares result sets without relying on row order. */
export function keys(rows: readonly Obj[]): string[] {
  return rows.map((r) => `${r.certname} ${r.type}[${r.title}]`).sort();
}
