/**
 * `/event-counts` and `/aggregate-event-counts`: the events a query selects, counted by status
 * (`failures`, `successes`, `noops`, `skips`) per subject (`summarize_by`: certname,
 * containing_class or resource), then filtered by `counts_filter` (`=`, `<`, `>`, `<=`, `>=` on
 * a count). `count_by=certname` counts each node once per status and subject. The aggregate
 * answers, per subject kind, how many subjects had at least one event of each status and their
 * total, as PuppetDB does. The SQL renders the answers, as for every entity (compile-select.ts).
 * @module
 */

import { forDialect } from '../store/placeholders.js';
import type { Dialect } from '../store/types.js';
import { assertNever, type QueryNode } from './ast/query-node.js';
import type { CompiledQuery, CompileOptions } from './compile-query.js';
import { createCompiler } from './compile-query.js';
import type { OutputItem, SelectCompiler } from './compile-select.js';
import { EVENT_REPORT_FIELDS, EVENT_ROWS } from './entities/reports.js';
import { invalid, QueryError } from './errors.js';
import { ENTITY_SPECS, relationship } from './fields.js';
import type { ValidatedQuery } from './validate.js';

export type SummarizeBy = 'certname' | 'containing_class' | 'resource';

/** A checked counts_filter: a count compared with a number. */
export interface CountsFilter {
  readonly operator: '=' | '<' | '>' | '<=' | '>=';
  readonly field: (typeof COUNTS)[number];
  readonly value: number;
}

export interface EventCountsOptions {
  readonly countBy: 'resource' | 'certname';
  readonly countsFilter: CountsFilter | undefined;
}

/** The counts in PuppetDB 7.12.1's key order, and the event status each counts. */
const COUNTS = ['failures', 'skips', 'successes', 'noops'] as const;
const STATUS: Record<(typeof COUNTS)[number], string> = {
  failures: 'failure',
  successes: 'success',
  noops: 'noop',
  skips: 'skipped',
};

/** The `subject` of each summarize_by: its keys and the event columns they come from. */
const SUBJECT: Record<SummarizeBy, readonly (readonly [key: string, column: string])[]> = {
  certname: [['title', 'certname']],
  containing_class: [['title', 'containing_class']],
  resource: [
    ['type', 'resource_type'],
    ['title', 'resource_title'],
  ],
};
const SUBJECT_COLUMNS = (by: SummarizeBy) => SUBJECT[by].map(([, column]) => column);

function parameterError(message: string): QueryError {
  return new QueryError('ERR_QUERY_PARAMETER', message);
}

/** Reads `summarize_by` (one value, or for the aggregate a comma-separated list). */
export function readSummarizeBy(value: unknown, list: boolean): SummarizeBy[] {
  if (value === undefined || value === '') {
    throw parameterError("Missing required query parameter 'summarize_by'");
  }
  const names = list ? String(value).split(',') : [String(value)];
  for (const name of names) {
    if (!Object.hasOwn(SUBJECT, name)) {
      throw parameterError(`Unsupported value for 'summarize_by': '${name}'`);
    }
  }
  return names as SummarizeBy[];
}

/** Reads `count_by` and `counts_filter` with PuppetDB's texts. */
export function readCountOptions(countBy: unknown, countsFilter: unknown): EventCountsOptions {
  const by = countBy === undefined ? 'resource' : String(countBy);
  if (by !== 'resource' && by !== 'certname') {
    throw parameterError(`Unsupported value for 'count_by': '${by}'`);
  }
  return {
    countBy: by,
    countsFilter: countsFilter === undefined ? undefined : readCountsFilter(countsFilter),
  };
}

function readCountsFilter(raw: unknown): CountsFilter {
  let filter = raw;
  if (typeof raw === 'string') {
    try {
      filter = JSON.parse(raw);
    } catch {
      throw parameterError(`Illegal value '${raw}' for :counts_filter; expected a JSON array`);
    }
  }
  if (!Array.isArray(filter) || filter.length === 0) {
    throw invalid(`${JSON.stringify(filter)} is not well-formed: queries must contain at least one operator`);
  }
  const [operator, field, value] = filter as unknown[];
  const op = String(operator);
  if (!['=', '<', '>', '<=', '>='].includes(op)) {
    throw invalid(`${JSON.stringify(filter)} is not well-formed: query operator '${op}' is unknown`);
  }
  if (filter.length !== 3) {
    throw invalid(`${op} requires exactly two arguments, but ${filter.length - 1} were supplied`);
  }
  if (typeof field !== 'string' || !(COUNTS as readonly string[]).includes(field)) {
    throw invalid(
      op === '='
        ? `${String(field)} is not a queryable object for event counts`
        : `${op} operator does not support object '${String(field)}' for event counts`,
    );
  }
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw invalid(`${op} operator does not support object '${JSON.stringify(value)}' for event counts`);
  }
  return { operator: op as CountsFilter['operator'], field: field as CountsFilter['field'], value: number };
}

/**
 * The counts per subject as SQL selecting `columns` plus the four counts, filtered by
 * counts_filter; the events' WHERE and the filter bind in text order after what came before.
 */
function countsSql(
  compiler: SelectCompiler,
  query: ValidatedQuery,
  by: SummarizeBy,
  options: EventCountsOptions,
) {
  const columns = SUBJECT_COLUMNS(by);
  const ev = ENTITY_SPECS.events.alias;
  // Only the columns counted: an index holding them answers without reading the events' rows.
  const needed = options.countBy === 'certname' ? ['certname', 'status', ...columns] : ['status', ...columns];
  const picked = [...new Set(needed)].map((c) => `${ev}.${c}`).join(', ');
  // Without a report field the events are read alone: PostgreSQL then answers from a covering
  // index only (its join removal still asks the heap for the join column).
  const source = namesReportField(query.filter) ? undefined : EVENT_ROWS;
  const events = `SELECT ${picked} ${compiler.fromClause('events', source)} WHERE ${compiler.compileFilter('events', query.filter)}`;
  const counted = options.countBy === 'certname' ? `SELECT DISTINCT * FROM (${events}) d` : events;
  const sums = COUNTS.map(
    (name) => `SUM(CASE WHEN e.status = '${STATUS[name]}' THEN 1 ELSE 0 END) AS ${name}`,
  );
  const group = columns.map((c) => `e.${c}`).join(', ');
  const sql = `SELECT ${group}, ${sums.join(', ')} FROM (${counted}) e GROUP BY ${group}`;
  const filter = options.countsFilter;
  if (!filter) return sql;
  return `SELECT * FROM (${sql}) f WHERE f.${filter.field} ${filter.operator} ${compiler.bind(filter.value)}`;
}

/** The events filter names a field of their report (outside its subqueries' own fields). */
function namesReportField(node: QueryNode): boolean {
  switch (node.kind) {
    case 'Comparison':
    case 'NullCheck':
      return node.field.kind === 'ColumnField' && EVENT_REPORT_FIELDS.has(node.field.name);
    case 'And':
    case 'Or':
      return node.operands.some(namesReportField);
    case 'Not':
      return namesReportField(node.operand);
    case 'In':
      return node.fields.some((field) => EVENT_REPORT_FIELDS.has(field.name));
    case 'ImplicitSubquery':
      return relationship('events', node.entity)![0].some((field) => EVENT_REPORT_FIELDS.has(field));
    case 'NodeState':
      return false;
    default:
      return assertNever(node);
  }
}

/** Fields an event-counts answer may be ordered by. */
export function eventCountsOrderFields(by: SummarizeBy): string[] {
  return [...COUNTS, ...SUBJECT_COLUMNS(by)];
}

/** The rows query (paged) and, for include_total, the count query of `/event-counts`. */
export function compileEventCounts(
  query: ValidatedQuery,
  dialect: Dialect,
  by: SummarizeBy,
  options: EventCountsOptions & CompileOptions,
): { rows: CompiledQuery; count: CompiledQuery | undefined } {
  const supported = eventCountsOrderFields(by);
  for (const term of options.paging.orderBy) {
    if (!supported.includes(term.field)) {
      throw parameterError(
        `Unrecognized column '${term.field}' specified in :order_by; Supported columns are ${supported.map((f) => `'${f}'`).join(', ')}`,
      );
    }
  }
  const build = (paged: boolean) => {
    const compiler = createCompiler(dialect, options);
    const subject = SUBJECT[by].map(([key, column]): OutputItem => [key, () => `c.${column}`, 'string']);
    const json = compiler.renderObject([
      ...COUNTS.map((name): OutputItem => [name, () => `c.${name}`, 'count']),
      ['subject_type', () => `CAST(${compiler.bind(by)} AS TEXT)`, 'string'],
      ['subject', () => compiler.renderObject(subject), 'json-text'],
    ]);
    const from = countsSql(compiler, query, by, options);
    const paging = paged ? compiler.compilePaging(options.paging, (field) => `c.${field}`) : '';
    return {
      sql: forDialect(dialect, `SELECT ${json} AS json FROM (${from}) c${paging}`),
      parameters: compiler.parameters,
    };
  };
  const rows = build(true);
  if (!options.paging.includeTotal) return { rows, count: undefined };
  const unpaged = build(false);
  return {
    rows,
    count: { sql: `SELECT count(*) AS total FROM (${unpaged.sql}) q`, parameters: unpaged.parameters },
  };
}

/** `/aggregate-event-counts`: one answer per summarize_by value, in the order asked. */
export function compileAggregateEventCounts(
  query: ValidatedQuery,
  dialect: Dialect,
  summarizeBy: readonly SummarizeBy[],
  options: EventCountsOptions & CompileOptions,
): CompiledQuery {
  const compiler = createCompiler(dialect, options);
  const parts = summarizeBy.map((by) => {
    const json = compiler.renderObject([
      ['summarize_by', () => `CAST(${compiler.bind(by)} AS TEXT)`, 'string'],
      // No subject at all: zeros, as PuppetDB answers.
      ...COUNTS.map((name): OutputItem => [name, () => `a.${name}`, 'count']),
      ['total', () => 'a.total', 'count'],
    ]);
    const subjects = COUNTS.map((name) => `SUM(CASE WHEN c.${name} > 0 THEN 1 ELSE 0 END) AS ${name}`);
    const from = `SELECT ${subjects.join(', ')}, count(*) AS total FROM (${countsSql(compiler, query, by, options)}) c`;
    return `SELECT ${json} AS json FROM (${from}) a`;
  });
  return { sql: forDialect(dialect, parts.join(' UNION ALL ')), parameters: compiler.parameters };
}
