import { describe, expect, it } from 'vitest';
import { OneTimeStates } from './once.js';

describe('OneTimeStates', () => {
  it('accepts a state once until it expires', () => {
    const once = new OneTimeStates();
    const later = Date.now() + 60_000;
    expect(once.consume('a', later)).toBe(true);
    expect(once.consume('a', later)).toBe(false);
    expect(once.consume('b', later)).toBe(true);
  });

  it('forgets a state whose expiry has passed', () => {
    const once = new OneTimeStates();
    expect(once.consume('old', Date.now() - 1)).toBe(true);
    expect(once.consume('old', Date.now() + 60_000)).toBe(true);
  });
});
