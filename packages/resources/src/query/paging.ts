/**
 * The paging part of a query: limit, offset, order_by and include_total, already checked
 * (see query-params.ts for the parsing and PuppetDB's error texts).
 * @module
 */

export type SortDirection = 'asc' | 'desc';

export interface OrderTerm {
  readonly field: string;
  readonly direction: SortDirection;
}

export interface Paging {
  readonly limit: number | undefined;
  readonly offset: number | undefined;
  readonly orderBy: readonly OrderTerm[];
  readonly includeTotal: boolean;
}

export const NO_PAGING: Paging = Object.freeze({
  limit: undefined,
  offset: undefined,
  orderBy: [],
  includeTotal: false,
});
