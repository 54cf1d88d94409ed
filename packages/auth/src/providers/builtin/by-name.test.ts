import { describe, expect, it } from 'vitest';
import { providerByName } from './by-name.js';

describe('providerByName', () => {
  it('makes built-ins and dev by name', () => {
    expect(providerByName('github', 'id', 'secret').name).toBe('github');
    expect(providerByName('twitter', 'id', 'secret').name).toBe('twitter');
    expect(providerByName('dev', '', '').name).toBe('dev');
  });

  it('refuses unknown names and missing credentials', () => {
    expect(() => providerByName('myspace', 'id', 'secret')).toThrow(/no built-in provider/);
    expect(() => providerByName('google', '', '')).toThrow(/clientId and clientSecret/);
  });
});
