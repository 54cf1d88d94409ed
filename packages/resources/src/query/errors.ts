/**
 * The one error type of the query pipeline. Its `message` is the exact text the HTTP layer sends
 * (PuppetDB answers query mistakes with `400 text/plain` and the bare message), its `code` is
 * stable for programs, its `status` is the HTTP status to use.
 * @module
 */

import { ResourcesError } from '../errors.js';

const QUERY_ERROR_STATUS = {
  /** The query text is not JSON. */
  ERR_QUERY_JSON: 400,
  /** The AST is malformed or mentions unknown fields, operators or entities. */
  ERR_QUERY_INVALID: 400,
  /** A regular expression does not compile. */
  ERR_QUERY_REGEX: 400,
  /** A URL/body parameter (limit, offset, order_by, an unknown name...) is wrong. */
  ERR_QUERY_PARAMETER: 400,
  /** The query exceeds the configured size. */
  ERR_QUERY_TOO_LARGE: 413,
  /** A nested route's parent (node, catalog, environment, report...) does not exist. */
  ERR_QUERY_PARENT_NOT_FOUND: 404,
  /**
   * The Accept header allows no JSON (406), a POST body is typed other than JSON (415). PuppetDB
   * 7.12.1 answers both as text/plain (checked against the real server; the JSON `{"kind","msg"}`
   * form in our reference notes belongs to later versions).
   */
  ERR_QUERY_NOT_ACCEPTABLE: 406,
  ERR_QUERY_UNSUPPORTED_MEDIA: 415,
} as const;

export type QueryErrorCode = keyof typeof QUERY_ERROR_STATUS;

export class QueryError extends ResourcesError<QueryErrorCode> {
  constructor(code: QueryErrorCode, message: string) {
    super(code, QUERY_ERROR_STATUS[code], message);
  }
}

/** Shorthand for the most common failure, an invalid AST. */
export function invalid(message: string): QueryError {
  return new QueryError('ERR_QUERY_INVALID', message);
}

/** PuppetDB's list style: `'a', 'b', and 'c'` (Oxford comma; a single item is just `'a'`). */
export function quoteList(items: readonly string[]): string {
  const quoted = items.map((item) => `'${item}'`);
  if (quoted.length <= 1) return quoted.join('');
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}
