import { describe, expect, it } from 'vitest';
import { allowList } from './allowlist.js';

describe('allowList', () => {
  const allowed = allowList(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1']);
  it.each([
    ['10.1.2.3', true],
    ['::ffff:10.1.2.3', true],
    ['192.168.1.7', true],
    ['192.168.1.8', false],
    ['11.0.0.1', false],
    ['2001:db8:1::5', true],
    ['2001:db9::1', false],
    ['::1', true],
    ['not-an-ip', false],
    [undefined, false],
  ])('%s -> %s', (address, expected) => {
    expect(allowed(address)).toBe(expected);
  });
  it.each(['10.0.0.0/33', '10.0.0/8', 'example.com', '10.0.0.1/', '1.2.3.4/8/9', '::1/129'])(
    'refuses the entry %s',
    (entry) => {
      expect(() => allowList([entry])).toThrow(/^@gatehouse\/webhooks: allowedIps: /);
    },
  );
});
