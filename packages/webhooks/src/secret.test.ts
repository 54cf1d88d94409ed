import { describe, expect, it } from 'vitest';
import { secretMatcher } from './secret.js';

describe('secretMatcher', () => {
  const matches = secretMatcher('s3cret');
  it('accepts only the exact bytes', () => {
    expect(matches('s3cret')).toBe(true);
    expect(matches('s3cre')).toBe(false);
    expect(matches('s3cretx')).toBe(false);
    expect(matches('')).toBe(false);
    expect(matches(undefined)).toBe(false);
  });
  it('compares values of another byte length without throwing', () => {
    expect(matches('s3cr\u00e9t')).toBe(false);
    expect(matches('\u{1F600}'.repeat(100))).toBe(false);
  });
  it('matches a non-ASCII secret given as the latin1 view of its UTF-8 bytes (as Node reads headers)', () => {
    const utf8 = secretMatcher('sécret');
    expect(utf8(Buffer.from('sécret', 'utf8').toString('latin1'))).toBe(true);
    expect(utf8('sécret')).toBe(false);
  });
});
