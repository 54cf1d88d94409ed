import { describe, expect, it } from 'vitest';
import { encodeHeaderText, headerValue, identityHeaders } from './identity-headers.js';

describe('identity header values', () => {
  it('keeps printable ASCII, percent-encodes the rest so decodeURIComponent restores it', () => {
    const cases: [string, string][] = [
      ['alice', 'alice'],
      ['Ada Lovelace', 'Ada Lovelace'],
      ['Zoë', 'Zo%C3%AB'],
      ['山田', '%E5%B1%B1%E7%94%B0'],
      ['100%', '100%25'],
      ['evil\r\nX-Auth-Request-User: admin', 'evil%0D%0AX-Auth-Request-User: admin'],
      [' padded ', '%20padded%20'],
      ['tab\there', 'tab%09here'],
      ['del\u007f', 'del%7F'],
    ];
    for (const [text, encoded] of cases) {
      expect(encodeHeaderText(text), text).toBe(encoded);
      expect(decodeURIComponent(encoded)).toBe(text);
    }
    expect(encodeHeaderText('lone \ud800')).toBe('lone %EF%BF%BD');
  });

  it('joins lists with commas, encoding commas inside items; leaves out what is empty', () => {
    expect(headerValue(['ops', 'dev, qa', 'Zoë'])).toBe('ops,dev%2C qa,Zo%C3%AB');
    expect(headerValue([])).toBeUndefined();
    expect(headerValue('')).toBeUndefined();
    expect(headerValue(undefined)).toBeUndefined();
    expect(headerValue(true)).toBe('true');
    expect(headerValue({ a: 'b' })).toBe('{"a":"b"}');
  });

  it('maps the configured fields of a user, attributes included, under lower-case names; empty when missing', () => {
    const headers = identityHeaders({
      'X-Auth-Request-User': 'id',
      'X-Auth-Request-Email': 'email',
      'X-Auth-Request-Groups': 'attrs.groups',
      'Remote-Name': 'name',
    });
    expect(headers({ id: 'local_1', name: 'Zoë\n', attrs: { groups: ['a', 'b'] } })).toEqual({
      'x-auth-request-user': 'local_1',
      'x-auth-request-email': '',
      'x-auth-request-groups': 'a,b',
      'remote-name': 'Zo%C3%AB%0A',
    });
    expect(Object.values(headers(null))).toEqual(['', '', '', '']);
  });
});
