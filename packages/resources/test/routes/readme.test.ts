/**
 * Keeps the README's query error table honest: each documented message is what the code answers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../src/query/errors.js';
import { parseQuery } from '../../src/query/parse.js';
import { readQueryParameters } from '../../src/query/query-params.js';
import { validateQuery } from '../../src/query/validate.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof QueryError) return error.message;
    throw error;
  }
  throw new Error('expected a QueryError');
}

const query = (q: unknown) => () => validateQuery(parseQuery(q));
const params = (p: Record<string, unknown>) => () => readQueryParameters(p, 'url');

const DOCUMENTED: readonly [string, () => unknown][] = [
  ['Argument "10" and operator "<" have incompatible types.', query(['<', 'line', '10'])],
  ['Argument "22" is incompatible with numeric field "line".', query(['=', 'line', '22'])],
  ['Query operators >,>=,<,<= are not allowed on field title', query(['<', 'title', 'x'])],
  ['[] is not well-formed: queries must contain at least one operator', query([])],
  ['"foo" is not a valid query operator', query(['foo', 'title', 'x'])],
  ["No implicit relationship for entity 'facts'", query(['subquery', 'facts', ['=', 'name', 'x']])],
  ['= requires exactly two arguments', query(['='])],
  ["'not' takes exactly one argument, but 0 were supplied", query(['not'])],
  ['Invalid regular expression "(": missing ): (', query(['~', 'title', '('])],
  ["Unsupported query parameter 'foo'", params({ foo: '1' })],
  ["Illegal value '-1' for :limit; expected a positive non-zero integer.", params({ limit: '-1' })],
  ["Illegal value 'x' for :offset; expected a non-negative integer.", params({ offset: 'x' })],
  ["Illegal value '[{' for :order_by; expected a JSON array of maps.", params({ order_by: '[{' })],
];

describe('README query error table', () => {
  it.each(DOCUMENTED)('documents %s as the code answers it', (text, run) => {
    expect(messageOf(run)).toBe(text);
    expect(README).toContain(`\`${text}\``);
  });
});
