import { describe, expect, it } from 'vitest';
import { providerByName } from './by-name.js';

describe('providerByName', () => {
  it('makes built-ins and dev by name, with the options every provider takes', () => {
    expect(providerByName('github', { clientId: 'id', clientSecret: 'secret', numericId: true }).name).toBe(
      'github',
    );
    expect(providerByName('twitter', { clientId: 'id', clientSecret: 'secret' }).name).toBe('twitter');
    expect(providerByName('dev', { clientId: '', clientSecret: '' }).name).toBe('dev');
  });

  it('still takes the deprecated positional form of 0.1', () => {
    expect(providerByName('github', 'id', 'secret').name).toBe('github');
    expect(() => providerByName('google', '', '')).toThrow(/clientId and clientSecret/);
  });

  it('refuses unknown names and missing credentials', () => {
    expect(() => providerByName('myspace', { clientId: 'id', clientSecret: 'secret' })).toThrow(
      /no built-in provider/,
    );
    expect(() => providerByName('google', { clientId: '', clientSecret: '' })).toThrow(
      /clientId and clientSecret/,
    );
  });
});
