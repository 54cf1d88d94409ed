import { describe, expect, it } from 'vitest';
import { QueryError } from '../errors.js';
import { parsePql } from './parse-pql.js';

/** Each PQL query and the AST PuppetDB's grammar gives it. */
const CASES: [string, unknown][] = [
  ['nodes {}', ['from', 'nodes']],
  ['nodes { certname = "web1" }', ['from', 'nodes', ['=', 'certname', 'web1']]],
  [
    'resources[certname, title] { type = "File" and !(title ~ "^/etc") order by title desc limit 10 offset 5 }',
    [
      'from',
      'resources',
      ['extract', ['certname', 'title'], ['and', ['=', 'type', 'File'], ['not', ['~', 'title', '^/etc']]]],
      ['order_by', [['title', 'desc']]],
      ['limit', 10],
      ['offset', 5],
    ],
  ],
  [
    "facts { name = 'kernel' or value != 'Linux' }",
    ['from', 'facts', ['or', ['=', 'name', 'kernel'], ['not', ['=', 'value', 'Linux']]]],
  ],
  ['nodes { certname !~ "^db" }', ['from', 'nodes', ['not', ['~', 'certname', '^db']]]],
  [
    'resources { line >= 10 and line < 20.5 and exported = true and file is not null and title is null }',
    [
      'from',
      'resources',
      [
        'and',
        ['>=', 'line', 10],
        ['<', 'line', 20.5],
        ['=', 'exported', true],
        ['null?', 'file', false],
        ['null?', 'title', true],
      ],
    ],
  ],
  ['resources { title in ["a", "b"] }', ['from', 'resources', ['in', 'title', ['array', ['a', 'b']]]]],
  [
    'facts[value] { name = "kernel" and certname in nodes[certname] { certname ~ "web" } }',
    [
      'from',
      'facts',
      [
        'extract',
        ['value'],
        [
          'and',
          ['=', 'name', 'kernel'],
          ['in', 'certname', ['from', 'nodes', ['extract', ['certname'], ['~', 'certname', 'web']]]],
        ],
      ],
    ],
  ],
  [
    'resources { type = "Nagios_host" and exported = true and nodes { deactivated is null and expired is null } }',
    [
      'from',
      'resources',
      [
        'and',
        ['=', 'type', 'Nagios_host'],
        ['=', 'exported', true],
        ['subquery', 'nodes', ['and', ['null?', 'deactivated', true], ['null?', 'expired', true]]],
      ],
    ],
  ],
  [
    'resources[type, count()] { exported = true group by type }',
    [
      'from',
      'resources',
      ['extract', ['type', ['function', 'count']], ['=', 'exported', true], ['group_by', 'type']],
    ],
  ],
  ['resources[avg(line)] {}', ['from', 'resources', ['extract', [['function', 'avg', 'line']]]]],
  [
    'resources { parameters.ensure = "running" and parameters."a.b".c = 1 }',
    ['from', 'resources', ['and', ['=', 'parameters.ensure', 'running'], ['=', 'parameters."a.b".c', 1]]],
  ],
  [
    'nodes { (certname = "a" or certname = "b") and !certname = "c" }',
    [
      'from',
      'nodes',
      ['and', ['or', ['=', 'certname', 'a'], ['=', 'certname', 'b']], ['not', ['=', 'certname', 'c']]],
    ],
  ],
  ['nodes { limit 1 }', ['from', 'nodes', ['limit', 1]]],
  [
    'nodes { order by certname, report_timestamp desc }',
    ['from', 'nodes', ['order_by', ['certname', ['report_timestamp', 'desc']]]],
  ],
  [
    `resources { title = "quote \\" and \\u00e9" and file = 'it\\'s' }`,
    ['from', 'resources', ['and', ['=', 'title', 'quote " and é'], ['=', 'file', "it's"]]],
  ],
];

describe('PQL to the JSON AST', () => {
  it.each(CASES)('%s', (pql, ast) => {
    expect(parsePql(pql)).toEqual(ast);
  });
});

describe('PQL parse errors', () => {
  const error = (pql: string) => {
    try {
      parsePql(pql);
    } catch (e) {
      expect(e).toBeInstanceOf(QueryError);
      return (e as QueryError).message;
    }
    throw new Error('expected a PQL parse error');
  };

  it('points at the offending column, as PuppetDB does', () => {
    expect(error('nodes { certname = }')).toBe(
      'PQL parse error at line 1, column 20:\n\nnodes { certname = }\n                   ^\n\nExpected a value: a string, a number, true, false or a list',
    );
    expect(error('foo {}')).toMatch(
      /^PQL parse error at line 1, column 1:\n\nfoo \{\}\n\^\n\nExpected an entity: /,
    );
    expect(error('nodes {\n  certname == "x" }')).toMatch(/^PQL parse error at line 2, column 13:/);
    expect(error('nodes { certname = "x"')).toMatch(
      /column 23:[\s\S]*Expected \}, a paging clause or a boolean operator$/,
    );
    expect(error('nodes { certname = "x" } extra')).toMatch(/Expected the end of the query$/);
    expect(error('nodes { certname = "open }')).toMatch(/Expected a closing "$/);
    expect(error('resources[bogus()] {}')).toMatch(/Expected a function: count, avg, sum, min or max$/);
    expect(error('nodes { certname group by certname }')).toMatch(/Expected an operator/);
  });
});
