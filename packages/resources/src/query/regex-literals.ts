/**
 * What a regular expression (RE2 syntax) guarantees about the strings it matches, so a query can
 * narrow rows through an index before the regex itself runs:
 *
 * - `required`: substrings every match contains, as an AND/OR tree (`conf1[0-9]\.d` needs "conf1";
 *   `(apache|nginx)` needs "apache" or "nginx"). Only runs of 3+ characters count: that is what a
 *   trigram index (SQLite FTS5, PostgreSQL pg_trgm) can look up.
 * - `prefixes`: for an anchored pattern, the literal starts every match has (`^(a+)+$` starts with
 *   "a"; `^/etc/(ssh|ssl)/` with "/etc/ssh/" or "/etc/ssl/"), for index range scans. Never for
 *   case-insensitive or multi-line patterns.
 *
 * The analysis is conservative: whatever it does not understand (classes, `\d`, lookups it cannot
 * read) stands for "any character", so the narrowed rows always hold every match. The regex still
 * runs on them, with RE2.
 * @module
 */

/** Substrings a match must contain: a literal, all of, or one of. */
export type Requirement =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'and' | 'or'; readonly parts: readonly Requirement[] };

export interface RegexLiterals {
  /** Undefined: nothing to look up (every row is a candidate). */
  readonly required: Requirement | undefined;
  /** Undefined: no literal start known. */
  readonly prefixes: readonly string[] | undefined;
}

type Node =
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'other' } // any character, class, or something not analysed
  | { readonly kind: 'empty' } // assertions: \b, \B, $ in the middle, \A
  | { readonly kind: 'bol' }
  | { readonly kind: 'eol' }
  | { readonly kind: 'concat'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly branches: readonly Node[] }
  | { readonly kind: 'repeat'; readonly item: Node; readonly min: number };

/** Shortest literal a trigram index can look up. */
const MIN_LITERAL = 3;
/** Most alternative prefixes kept before giving up (each becomes a range). */
const MAX_PREFIXES = 16;

const OTHER: Node = { kind: 'other' };
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07' };

class PatternReader {
  readonly #p: string;
  #i = 0;
  /** A flag that changes what literals or anchors mean was seen (i, m). */
  caseOrLines = false;

  constructor(pattern: string) {
    this.#p = pattern;
  }

  parse(): Node {
    const node = this.#alternation();
    // An unbalanced `)` or anything left over: analyse nothing rather than guess.
    return this.#i < this.#p.length ? OTHER : node;
  }

  #alternation(): Node {
    const branches = [this.#concat()];
    while (this.#p[this.#i] === '|') {
      this.#i += 1;
      branches.push(this.#concat());
    }
    return branches.length === 1 ? branches[0]! : { kind: 'alt', branches };
  }

  #concat(): Node {
    const items: Node[] = [];
    while (this.#i < this.#p.length && this.#p[this.#i] !== '|' && this.#p[this.#i] !== ')') {
      const atom = this.#atom();
      if (atom) items.push(this.#quantified(atom));
    }
    return { kind: 'concat', items };
  }

  #quantified(atom: Node): Node {
    let node = atom;
    for (;;) {
      const c = this.#p[this.#i];
      let min: number | undefined;
      if (c === '*' || c === '?') min = 0;
      else if (c === '+') min = 1;
      else if (c === '{') min = this.#braces();
      if (min === undefined) return node;
      if (c !== '{') this.#i += 1;
      if (this.#p[this.#i] === '?') this.#i += 1; // lazy: same language
      node = { kind: 'repeat', item: node, min };
    }
  }

  /** `{n}`, `{n,}`, `{n,m}` -> n (and consumes it); a `{` that is not a repeat is a literal. */
  #braces(): number | undefined {
    const match = /^\{(\d+)(,\d*)?\}/.exec(this.#p.slice(this.#i));
    if (!match) return undefined;
    this.#i += match[0].length;
    return Number(match[1]);
  }

  #atom(): Node | undefined {
    const c = this.#p[this.#i]!;
    this.#i += 1;
    switch (c) {
      case '^':
        return { kind: 'bol' };
      case '$':
        return { kind: 'eol' };
      case '.':
        return OTHER;
      case '[':
        this.#skipClass();
        return OTHER;
      case '(':
        return this.#group();
      case '\\':
        return this.#escape();
      default:
        return { kind: 'char', char: c };
    }
  }

  #group(): Node | undefined {
    if (this.#p[this.#i] === '?') {
      const flags = /^\?([imsU-]*)(:|\))/.exec(this.#p.slice(this.#i));
      const named = /^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.exec(this.#p.slice(this.#i));
      if (flags) {
        if (/[im]/.test(flags[1]!)) this.caseOrLines = true;
        this.#i += flags[0].length;
        if (flags[2] === ')') return undefined; // `(?i)` alone: flags only
      } else if (named) {
        this.#i += named[0].length;
      } else {
        this.#i = this.#p.length; // something RE2 refuses anyway
        return OTHER;
      }
    }
    const inner = this.#alternation();
    if (this.#p[this.#i] !== ')') {
      this.#i = this.#p.length;
      return OTHER;
    }
    this.#i += 1;
    return inner;
  }

  #escape(): Node {
    const c = this.#p[this.#i];
    this.#i += 1;
    if (c === undefined) return OTHER;
    if (c === 'Q') {
      const end = this.#p.indexOf('\\E', this.#i);
      const text = this.#p.slice(this.#i, end < 0 ? undefined : end);
      this.#i = end < 0 ? this.#p.length : end + 2;
      return { kind: 'concat', items: [...text].map((char) => ({ kind: 'char', char }) as Node) };
    }
    if (c === 'b' || c === 'B' || c === 'A' || c === 'z') return { kind: 'empty' };
    if (c === 'p' || c === 'P') {
      if (this.#p[this.#i] === '{') this.#i = this.#p.indexOf('}', this.#i) + 1 || this.#p.length;
      else this.#i += 1;
      return OTHER;
    }
    if (c === 'x') {
      const hex = /^(\{[0-9A-Fa-f]+\}|[0-9A-Fa-f]{2})/.exec(this.#p.slice(this.#i));
      if (!hex) return OTHER;
      this.#i += hex[0].length;
      return { kind: 'char', char: String.fromCodePoint(Number.parseInt(hex[0].replace(/[{}]/g, ''), 16)) };
    }
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return { kind: 'char', char: CONTROL_ESCAPES[c]! };
    // Letters and digits escape classes (\d, \w, \s...) or octal: not literals. Punctuation is.
    return /[A-Za-z0-9]/.test(c) ? OTHER : { kind: 'char', char: c };
  }

  #skipClass(): void {
    if (this.#p[this.#i] === '^') this.#i += 1;
    if (this.#p[this.#i] === ']') this.#i += 1; // a leading ] is a member
    while (this.#i < this.#p.length && this.#p[this.#i] !== ']') {
      if (this.#p.startsWith('[:', this.#i)) {
        const end = this.#p.indexOf(':]', this.#i);
        this.#i = end < 0 ? this.#p.length : end + 2;
      } else {
        this.#i += this.#p[this.#i] === '\\' ? 2 : 1;
      }
    }
    this.#i += 1;
  }
}

function and(parts: (Requirement | undefined)[]): Requirement | undefined {
  const kept = parts.filter((p): p is Requirement => p !== undefined);
  if (kept.length === 0) return undefined;
  return kept.length === 1 ? kept[0] : { kind: 'and', parts: kept };
}

function literal(text: string): Requirement | undefined {
  return text.length >= MIN_LITERAL ? { kind: 'literal', text } : undefined;
}

function required(node: Node): Requirement | undefined {
  switch (node.kind) {
    case 'char':
    case 'other':
    case 'empty':
    case 'bol':
    case 'eol':
      return undefined;
    case 'repeat':
      return node.min > 0 ? required(node.item) : undefined;
    case 'alt': {
      const parts = node.branches.map(required);
      if (parts.some((p) => p === undefined)) return undefined;
      return { kind: 'or', parts: parts as Requirement[] };
    }
    case 'concat': {
      const parts: (Requirement | undefined)[] = [];
      let run = '';
      const flush = () => {
        parts.push(literal(run));
        run = '';
      };
      for (const item of node.items) {
        if (item.kind === 'char') run += item.char;
        else if (item.kind === 'empty' || item.kind === 'bol' || item.kind === 'eol') continue;
        else if (item.kind === 'repeat' && item.min > 0 && item.item.kind === 'char') {
          // `ab+c` always holds "ab" and "bc": the run ends after one b, a new one starts with it.
          run += item.item.char;
          flush();
          run = item.item.char;
        } else {
          flush();
          parts.push(required(item));
        }
      }
      flush();
      return and(parts);
    }
  }
}

/** The literal starts of `items` (a concatenation after `^`); [''] when nothing is known. */
function startsOf(items: readonly Node[]): string[] {
  let starts = [''];
  for (const item of items) {
    if (item.kind === 'char') {
      starts = starts.map((s) => s + item.char);
      continue;
    }
    if (item.kind === 'empty') continue;
    const inner = item.kind === 'repeat' && item.min > 0 ? item.item : item.kind === 'alt' ? item : undefined;
    if (!inner) break;
    const innerStarts = branchStarts(inner);
    if (innerStarts.includes('') || starts.length * innerStarts.length > MAX_PREFIXES) break;
    starts = starts.flatMap((s) => innerStarts.map((t) => s + t));
    // After a repeat or an alternation of unknown length the next characters are not known.
    break;
  }
  return starts;
}

/** The literal starts of one node standing on its own. */
function branchStarts(node: Node): string[] {
  if (node.kind === 'alt') {
    const all = node.branches.flatMap(branchStarts);
    return all.includes('') || all.length > MAX_PREFIXES ? [''] : all;
  }
  if (node.kind === 'concat') return startsOf(node.items);
  if (node.kind === 'char') return [node.char];
  if (node.kind === 'repeat' && node.min > 0) return branchStarts(node.item);
  return [''];
}

/** The prefixes of a pattern anchored at the start (every top-level branch begins with `^`). */
function anchoredPrefixes(node: Node): string[] | undefined {
  const branches = node.kind === 'alt' ? node.branches : [node];
  const all: string[] = [];
  for (const branch of branches) {
    const items = branch.kind === 'concat' ? branch.items : [branch];
    const first = items.findIndex((item) => item.kind !== 'empty');
    if (first < 0 || items[first]!.kind !== 'bol') return undefined;
    const starts = startsOf(items.slice(first + 1));
    if (starts.includes('')) return undefined;
    all.push(...starts);
  }
  return all.length > 0 && all.length <= MAX_PREFIXES ? [...new Set(all)] : undefined;
}

/** What `pattern` (RE2 syntax, already checked by RE2) guarantees about its matches. */
export function regexLiterals(pattern: string): RegexLiterals {
  const reader = new PatternReader(pattern);
  const node = reader.parse();
  return {
    required: required(node),
    prefixes: reader.caseOrLines ? undefined : anchoredPrefixes(node),
  };
}
