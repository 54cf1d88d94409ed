import { describe, expect, it } from 'vitest';
import { type Requirement, regexLiterals } from './regex-literals.js';

/** A requirement in a short text form: "abc", (a & b), (a | b). */
function show(r: Requirement | undefined): string | undefined {
  if (r === undefined) return undefined;
  if (r.kind === 'literal') return JSON.stringify(r.text);
  return `(${r.parts.map(show).join(r.kind === 'and' ? ' & ' : ' | ')})`;
}

describe('literals a regular expression guarantees', () => {
  it.each([
    ['conf1[0-9]\\.d', '"conf1"'],
    ['pache', '"pache"'],
    ['^/etc/db/conf\\.d/00[0-4]', '"/etc/db/conf.d/00"'],
    ['(apache|nginx)::vhost', '(("apache" | "nginx") & "::vhost")'],
    ['apache|ng', undefined],
    ['ab+cd', '"bcd"'],
    ['abc?de', undefined],
    ['x{2}yz', '"xyz"'],
    ['\\Qa.b+c\\E', '"a.b+c"'],
    ['foo\\d+bar', '("foo" & "bar")'],
    ['(?i)Chrony', '"Chrony"'],
    ['[abc]def', '"def"'],
    ['^(a+)+$', undefined],
    ['.*', undefined],
    ['a(bcd)*e', undefined],
    ['(?P<name>web)[0-9]+\\.prod', '("web" & ".prod")'],
    ['\\x41BC', '"ABC"'],
  ])('%s needs %s', (pattern, expected) => {
    expect(show(regexLiterals(pattern).required)).toBe(expected);
  });

  it.each([
    ['^/etc/', ['/etc/']],
    ['^(a+)+$', ['a']],
    ['^/etc/(ssh|ssl)/', ['/etc/ssh', '/etc/ssl']],
    ['^web|^db', ['web', 'db']],
    ['^ab?c', ['a']],
    ['^a*b', undefined],
    ['^.x', undefined],
    ['web', undefined],
    ['^web|db', undefined],
    ['(?i)^web', undefined],
    ['(?m)^web', undefined],
    ['\\A^x', ['x']],
    ['^[ab]c', undefined],
    ['^\\d', undefined],
  ])('%s starts with %j', (pattern, expected) => {
    expect(regexLiterals(pattern).prefixes).toEqual(expected);
  });
});
