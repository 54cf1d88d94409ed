/**
 * PQL tokens: words (entity, field and keyword names, dotted paths), strings in double quotes
 * (JSON escapes) or single quotes (raw, `\'` for a quote), numbers, and punctuation. Positions
 * are kept so errors can point at the offending column as PuppetDB's do.
 * @module
 */
import { QueryError } from '../errors.js';

export type TokenKind = 'word' | 'string' | 'number' | 'punct' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** The word, the decoded string, the number's text, or the punctuation. */
  readonly text: string;
  /** Offset in the query text. */
  readonly at: number;
}

/** Longest first, so `!=` wins over `!` and `<=` over `<`. */
const PUNCTUATION = [
  '~>',
  '!=',
  '!~',
  '<=',
  '>=',
  '=',
  '~',
  '<',
  '>',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
];
/** A field or keyword: letters, digits, `_`, `?` (PuppetDB's `latest_report?`), `-`, and dotted parts. */
const WORD = /[A-Za-z_][A-Za-z0-9_?-]*(?:\.(?:[A-Za-z0-9_?-]+|"(?:[^"\\]|\\.)*"))*/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const SPACE = /\s+/y;

/** PuppetDB's error layout: where, the line with a caret under the column, and what was expected. */
export function pqlError(text: string, at: number, expected: string): QueryError {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = at - lineStart + 1;
  const lineText = text.slice(lineStart).split('\n')[0];
  return new QueryError(
    'ERR_QUERY_JSON',
    `PQL parse error at line ${line}, column ${column}:\n\n${lineText}\n${' '.repeat(column - 1)}^\n\nExpected ${expected}`,
  );
}

function readString(text: string, at: number): { value: string; end: number } {
  const quote = text[at]!;
  let i = at + 1;
  let raw = '';
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\' && i + 1 < text.length) {
      raw += text.slice(i, i + 2);
      i += 2;
    } else {
      raw += text[i];
      i += 1;
    }
  }
  if (i >= text.length) throw pqlError(text, at, `a closing ${quote}`);
  if (quote === "'") return { value: raw.replace(/\\'/g, "'"), end: i + 1 };
  try {
    return { value: JSON.parse(`"${raw}"`) as string, end: i + 1 };
  } catch {
    throw pqlError(text, at, 'a string with JSON escapes only');
  }
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const match = (re: RegExp): string | undefined => {
    re.lastIndex = at;
    return re.exec(text)?.[0];
  };
  while (at < text.length) {
    const space = match(SPACE);
    if (space) {
      at += space.length;
      continue;
    }
    const char = text[at]!;
    if (char === '"' || char === "'") {
      const { value, end } = readString(text, at);
      tokens.push({ kind: 'string', text: value, at });
      at = end;
      continue;
    }
    const number = /[-\d]/.test(char) ? match(NUMBER) : undefined;
    if (number) {
      tokens.push({ kind: 'number', text: number, at });
      at += number.length;
      continue;
    }
    const word = match(WORD);
    if (word) {
      tokens.push({ kind: 'word', text: word, at });
      at += word.length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, at));
    if (!punct) throw pqlError(text, at, 'a field, a value, an operator or a bracket');
    tokens.push({ kind: 'punct', text: punct, at });
    at += punct.length;
  }
  tokens.push({ kind: 'end', text: '', at: text.length });
  return tokens;
}
