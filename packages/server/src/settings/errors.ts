/**
 * @module settings/errors
 * Turns validation issues into one line each: `config error: <key> (from <source>): <expected>, got <value>`.
 * Secret values are never echoed back.
 */
import type * as z from 'zod';

/** A configuration the service refuses to start with; the CLI prints each line and exits 2. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.map((problem) => `config error: ${problem}`).join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** True for keys whose values are secrets (`secret`, `adminPasswd`, `clientSecret`...), never shown. */
export function isSecretKey(key: string): boolean {
  return /secret|passw/i.test(key) && !/Env$/.test(key);
}

/** How a rejected value is shown: short JSON, or only its shape for secrets. */
export function describeValue(key: string, value: unknown): string {
  if (value === undefined) return 'nothing';
  if (isSecretKey(key)) {
    return typeof value === 'string' ? `a string of ${value.length} characters` : `a ${typeof value}`;
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

export interface IssueContext {
  /** Where the value of a dotted key came from (`GATEHOUSE_PORT`, `--port`, the file name). */
  sourceOf(key: string): string | undefined;
  /** The keys accepted at a path, listed after an unknown key. */
  keysAt(path: readonly PropertyKey[]): string[] | undefined;
}

/** One readable line per issue. */
export function formatIssue(issue: z.core.$ZodIssue, context: IssueContext): string[] {
  const key = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const known = context.keysAt(issue.path);
    const hint =
      known && known.length > 0 ? ` (known: ${known.join(', ')})` : ' (this section takes no keys)';
    return issue.keys.map((name) => `${key ? `${key}.` : ''}${name}: unknown key${hint}`);
  }
  const where = context.sourceOf(key);
  const label = `${key || '(top level)'}${where ? ` (from ${where})` : ''}`;
  return [`${label}: ${plainMessage(issue)}, got ${describeValue(key, issue.input)}`];
}

/** zod's own messages read "Too big: expected number to be <=65535"; keep the useful part. */
function plainMessage(issue: z.core.$ZodIssue): string {
  const message = issue.message.replace(/^Invalid input: /, '').replace(/^Too (big|small): /, '');
  return message.replace(/^expected number to be /, 'expected a number ');
}
