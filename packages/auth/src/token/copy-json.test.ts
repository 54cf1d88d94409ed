import { describe, expect, it } from 'vitest';
import { copyJson } from './token-service.js';

describe('copyJson (the per-request copy of a token user)', () => {
  it('copies nested objects and arrays, sharing nothing mutable', () => {
    const user = { name: 'a', attrs: { teams: ['red'], profile: { level: 1 } } };
    const copy = copyJson(user);
    copy.attrs.teams.push('blue');
    copy.attrs.profile.level = 2;
    expect(user).toEqual({ name: 'a', attrs: { teams: ['red'], profile: { level: 1 } } });
  });

  it('keeps a JSON __proto__ member an own property and never changes the prototype', () => {
    const parsed = JSON.parse('{"name":"a","__proto__":{"admin":true}}') as Record<string, unknown>;
    const copy = copyJson(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    // A copy, not the parsed object: mutating it cannot reach the caller's value.
    const member = (o: object) => Object.getOwnPropertyDescriptor(o, '__proto__')?.value as unknown;
    expect(member(copy)).toEqual({ admin: true });
    expect(member(copy)).not.toBe(member(parsed));
  });
});
