import { describe, expect, it } from 'vitest';
import { parseSignatureTag, secretsOf } from './spec.js';

describe('parseSignatureTag', () => {
  it('reads scheme, env secret and options', () => {
    expect(
      parseSignatureTag('hmac-sha256 env:K header=X-Sig encoding=base64 prefix=v1= delivery=X-Id', 'm'),
    ).toEqual({
      scheme: 'hmac-sha256',
      secretEnv: 'K',
      header: 'x-sig',
      encoding: 'base64',
      prefix: 'v1=',
      deliveryHeader: 'x-id',
    });
    expect(parseSignatureTag('Stripe env:S tolerance=60', 'm')).toEqual({
      scheme: 'stripe',
      secretEnv: 'S',
      toleranceSec: 60,
    });
    expect(parseSignatureTag('none', 'm')).toBe('none');
  });
  it.each([
    ['', /needs a scheme/],
    ['rot13 env:K', /unknown signature scheme/],
    ['github', /needs a secret/],
    ['github literal-secret', /secrets go in env:VAR/],
    ['github env:K colour=red', /unknown @signature option/],
    ['stripe env:K tolerance=-1', /tolerance/],
    ['hmac-sha256 env:K encoding=utf8', /encoding/],
  ])('refuses %j with a TypeError', (text, message) => {
    expect(() => parseSignatureTag(text, 'm.x')).toThrow(message);
  });
});

describe('secretsOf', () => {
  it('reads the environment at call time', () => {
    delete process.env.SPEC_TEST_SECRET;
    const config = { scheme: 'github' as const, secretEnv: 'SPEC_TEST_SECRET' };
    expect(secretsOf(config)).toEqual([]);
    process.env.SPEC_TEST_SECRET = 'now';
    expect(secretsOf(config)).toEqual(['now']);
    expect(secretsOf({ scheme: 'github', secret: ['a', 'b'] })).toEqual(['a', 'b']);
  });
});
