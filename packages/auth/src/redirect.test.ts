import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect.js';

const service = new URL('https://auth.example.com:8443');

describe('redirectTarget', () => {
  it.each([
    ['/dashboard?x=1', 'https://auth.example.com:8443/dashboard?x=1'],
    ['https://auth.example.com/page', 'https://auth.example.com/page'],
    ['http://AUTH.example.com:3000/', 'http://auth.example.com:3000/'],
    ['https://app.example.org/after', 'https://app.example.org/after'],
    ['https://pinned.example.net:9000/x', 'https://pinned.example.net:9000/x'],
  ])('allows %s', (from, expected) => {
    expect(redirectTarget(from, service, ['app.example.org', 'pinned.example.net:9000'])).toBe(expected);
  });

  it.each([
    'https://evil.com/',
    '//evil.com/x',
    '/\\evil.com',
    'javascript:alert(1)',
    'https://auth.example.com@evil.com/',
    'https://user:pw@auth.example.com/',
    'https://pinned.example.net:9001/x',
    'https://app.example.org.evil.com/',
    'not a url',
    '/a\nb',
    '',
  ])('refuses %s', (from) => {
    expect(redirectTarget(from, service, ['app.example.org', 'pinned.example.net:9000'])).toBeUndefined();
  });
});
