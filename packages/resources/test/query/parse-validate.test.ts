import { describe, expect, it } from 'vitest';
import { QueryError } from '../../src/query/errors.js';
import { parseQuery, parseQueryText } from '../../src/query/parse.js';
import { validateQuery } from '../../src/query/validate.js';

/** Parses and validates; returns the error (code + message) or undefined. */
function failure(query: unknown): { code: string; status: number; message: string } | undefined {
  try {
    validateQuery(parseQuery(query));
    return undefined;
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return { code: error.code, status: error.status, message: error.message };
  }
}
const message = (query: unknown) => failure(query)?.message;

const KNOWN =
  "Known queryable objects are 'certname', 'environment', 'exported', 'file', 'line', 'parameters', 'resource', 'tag', 'tags', 'title', and 'type'";

describe('query validation errors (PuppetDB texts)', () => {
  it('rejects an empty query and non-array queries', () => {
    expect(message([])).toBe('[] is not well-formed: queries must contain at least one operator');
    expect(message('foo')).toMatch(/^"foo" is not well-formed/);
    expect(message({ op: '=' })).toMatch(/is not well-formed/);
    expect(failure([])?.status).toBe(400);
  });

  it('rejects unknown fields, listing the known ones', () => {
    expect(message(['=', 'foo', 'x'])).toBe(`'foo' is not a queryable object for resources. ${KNOWN}`);
    expect(message(['=', 'sourcefile', 'x'])).toBe(
      `'sourcefile' is not a queryable object for resources. ${KNOWN}`,
    );
    expect(message(['subquery', 'nodes', ['=', 'title', 'x']])).toMatch(
      /^'title' is not a queryable object for nodes\. /,
    );
  });

  it('rejects wrong arity', () => {
    expect(message(['='])).toBe('= requires exactly two arguments');
    expect(message(['<', 'line'])).toBe('< requires exactly two arguments');
    expect(message(['=', 'type', 'File', 'x'])).toBe('= requires exactly two arguments');
    expect(message(['and'])).toBe("'and' takes at least one argument, but none were supplied");
    expect(message(['or'])).toBe("'or' takes at least one argument, but none were supplied");
    expect(message(['not'])).toBe("'not' takes exactly one argument, but 0 were supplied");
    expect(message(['not', ['=', 'type', 'a'], ['=', 'type', 'b']])).toBe(
      "'not' takes exactly one argument, but 2 were supplied",
    );
    expect(message(['null?', 'file'])).toBe('null? requires exactly two arguments');
    expect(message(['in', 'title'])).toBe('in requires exactly two arguments');
  });

  it('rejects type mismatches without coercion', () => {
    expect(message(['=', 'line', '22'])).toBe('Argument "22" is incompatible with numeric field "line".');
    expect(message(['<', 'line', '22'])).toBe('Argument "22" and operator "<" have incompatible types.');
    expect(message(['<', 'title', 'x'])).toBe('Query operators >,>=,<,<= are not allowed on field title');
    expect(message(['>=', 'tags', 'x'])).toBe('Query operators >,>=,<,<= are not allowed on field tags');
    expect(message(['=', 'title', 80])).toBe('Argument "80" is incompatible with string field "title".');
    expect(message(['=', 'exported', 'true'])).toBe(
      'Argument "true" is incompatible with boolean field "exported".',
    );
    expect(message(['~', 'line', '1'])).toBe('Query operator ~ is not allowed on field line');
    expect(message(['~>', 'title', ['a']])).toBe('Query operator ~> is not allowed on field title');
    expect(message(['in', 'line', ['array', ['1']]])).toBe(
      'Argument "1" is incompatible with numeric field "line".',
    );
    expect(message(['<', 'parameters.port', '80'])).toBe(
      'Argument "80" and operator "<" have incompatible types.',
    );
    expect(message(['<', ['parameter', 'port'], 80])).toBe(
      'Query operators >,>=,<,<= are not allowed on field parameter port',
    );
    expect(message(['=', 'parameters', { a: 1 }])).toBe(
      'Query operator = is not allowed on field parameters',
    );
    expect(message(['null?', 'file', 'yes'])).toBe('The argument of null? must be true or false, not "yes"');
  });

  it('rejects unknown operators and misplaced ones', () => {
    expect(message(['foo', 'title', 'x'])).toBe('"foo" is not a valid query operator');
    expect(message([42, 'title', 'x'])).toBe('42 is not a valid query operator');
    expect(message(['and', ['extract', 'title', ['=', 'type', 'File']]])).toMatch(
      /^'extract' is only allowed/,
    );
    expect(message(['from', 'resources', ['=', 'type', 'File']])).toMatch(
      /^'from' is only allowed inside 'in'/,
    );
  });

  it('rejects bad subqueries with PuppetDB texts', () => {
    expect(message(['subquery', 'facts', ['=', 'name', 'x']])).toBe(
      "No implicit relationship for entity 'facts'",
    );
    expect(
      message(['in', 'certname', ['extract', 'certname', ['select-nodes', ['=', 'certname', 'a']]]]),
    ).toBe('Unsupported subquery `select-nodes` - did you mean `select_nodes`?');
    expect(
      message(['in', 'certname', ['extract', 'certname', ['select_packages', ['=', 'certname', 'x']]]]),
    ).toMatch(/^Subqueries on 'packages' are not supported/);
    expect(message(['in', 'certname', ['extract', 'nothing', ['select_nodes']]])).toBe(
      "Can't extract unknown 'nodes' field 'nothing'. Acceptable fields are 'cached_catalog_status', 'catalog_environment', 'catalog_timestamp', 'certname', 'deactivated', 'expired', 'facts_environment', 'facts_timestamp', 'latest_report_corrective_change', 'latest_report_hash', 'latest_report_job_id', 'latest_report_noop', 'latest_report_noop_pending', 'latest_report_status', 'report_environment', and 'report_timestamp'",
    );
    expect(message(['in', 'line', ['extract', 'certname', ['select_nodes']]])).toMatch(/cannot be compared/);
    expect(message(['in', ['certname', 'title'], ['extract', 'certname', ['select_nodes']]])).toMatch(
      /compares 2 field/,
    );
  });

  it('rejects unknown extract fields, singular and plural, and non-numeric aggregates', () => {
    const acceptable =
      "Acceptable fields are 'certname', 'environment', 'exported', 'file', 'line', 'parameters', 'resource', 'tags', 'title', and 'type'";
    expect(message(['extract', ['nothing'], ['=', 'type', 'File']])).toBe(
      `Can't extract unknown 'resources' field 'nothing'. ${acceptable}`,
    );
    expect(message(['extract', ['nothing', 'nothing2']])).toBe(
      `Can't extract unknown 'resources' fields 'nothing' and 'nothing2'. ${acceptable}`,
    );
    expect(message(['extract', ['tag']])).toBe(
      `Can't extract unknown 'resources' field 'tag'. ${acceptable}`,
    );
    expect(message(['extract', [['function', 'avg', 'title']]])).toBe('field "title" must be a numeric type');
    expect(message(['extract', [['function', 'median', 'line']]])).toMatch(/is not a supported function/);
    expect(message(['extract', [['function', 'count'], 'type']])).toBe(
      "Field 'type' must appear in group_by when functions are extracted",
    );
  });

  it('rejects bad node_state values and node_state inside other entities', () => {
    expect(message(['=', 'node_state', 'sleeping'])).toMatch(/^node_state takes only '='/);
    expect(message(['~', 'node_state', 'act'])).toMatch(/^node_state takes only '='/);
    expect(message(['subquery', 'environments', ['=', 'node_state', 'any']])).toBe(
      'node_state can only be queried on entities of nodes, not on environments',
    );
  });

  it('rejects invalid and non-linear regexes with a 400', () => {
    expect(failure(['~', 'title', '['])).toMatchObject({ code: 'ERR_QUERY_REGEX', status: 400 });
    expect(message(['~', 'title', '(a)\\1'])).toMatch(/^Invalid regular expression "\(a\)\\\\1": /);
    expect(message(['~', 'title', '(?=x)'])).toMatch(/^Invalid regular expression/);
    expect(message(['~', ['parameter', 'owner'], '('])).toMatch(/^Invalid regular expression/);
    expect(message(['~', 'title', 5])).toMatch(/^Invalid ~ clause/);
  });

  it('rejects malformed JSON and bad dotted paths', () => {
    expect(() => parseQueryText('["=", "type",')).toThrow(/^Json parse error: /);
    expect(message(['=', 'parameters.', 'x'])).toMatch(/is not a valid dotted field/);
    expect(message(['=', 'parameters.a..b', 'x'])).toMatch(/is not a valid dotted field/);
    expect(message(['=', 'parameters."a.b', 'x'])).toMatch(/is not a valid dotted field/);
    expect(message(['=', ['parameter'], 'x'])).toMatch(/is not a valid field/);
  });

  it('bounds huge and deep queries', () => {
    let deep: unknown = ['=', 'type', 'File'];
    for (let i = 0; i < 100; i += 1) deep = ['not', deep];
    expect(failure(deep)).toMatchObject({
      status: 400,
      message: 'Query is nested too deeply: more than 64 levels',
    });
    const wide = ['or', ...Array.from({ length: 5000 }, (_, i) => ['=', 'title', `t${i}`])];
    expect(failure(wide)).toMatchObject({ code: 'ERR_QUERY_TOO_LARGE', status: 413 });
  });
});

describe('query normalisation', () => {
  it('is case-insensitive on operator names and adds the active-node default', () => {
    const { filter } = validateQuery(
      parseQuery(['AND', ['=', 'type', 'File'], ['NOT', ['=', 'title', 'x']]]),
    );
    expect(filter.kind).toBe('And');
    expect(JSON.stringify(filter)).toContain('"state":"active"');
  });

  it('leaves out the default when node_state appears anywhere, subqueries included', () => {
    const query = [
      'in',
      'certname',
      ['extract', 'certname', ['select_resources', ['=', 'node_state', 'any']]],
    ];
    expect(JSON.stringify(validateQuery(parseQuery(query)).filter)).not.toContain('"state":"active"');
  });

  it('rewrites tag to tags, lower-cased, and = null to null?', () => {
    const { filter } = validateQuery(
      parseQuery(['or', ['=', 'tag', 'Web'], ['~', 'tag', 'AP\\D'], ['=', 'file', null]]),
    );
    const text = JSON.stringify(filter);
    expect(text).toContain(
      '{"kind":"Comparison","operator":"=","field":{"kind":"ColumnField","name":"tags"},"value":"web"}',
    );
    expect(text).toContain('"value":"(?i)AP\\\\D"');
    expect(text).toContain('{"kind":"NullCheck","field":{"kind":"ColumnField","name":"file"},"isNull":true}');
  });

  it('treats a missing or null query as no filter', () => {
    expect(parseQueryText(undefined)).toBeUndefined();
    expect(parseQueryText('  ')).toBeUndefined();
    expect(parseQueryText('null')).toBeUndefined();
  });
});
