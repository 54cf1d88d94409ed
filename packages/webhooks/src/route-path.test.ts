import { describe, expect, it } from 'vitest';
import { isValidRouteKey, normaliseRouteKey, parseRequestPath } from './route-path.js';

describe('route keys', () => {
  it.each(['a', 'handleEcho', 'github/push', 'v1.2/x-y_z~'])('accepts %s', (key) => {
    expect(isValidRouteKey(key)).toBe(true);
  });
  it.each(['', 'a//b', '../x', 'a/./b', 'a b', 'a?b', 'ä'])('rejects %j', (key) => {
    expect(isValidRouteKey(key)).toBe(false);
  });
  it('trims slashes of a tag path', () => {
    expect(normaliseRouteKey(' /github/push/ ')).toBe('github/push');
  });
});

describe('parseRequestPath', () => {
  it('splits module and the whole remaining route, dropping empty segments and decoding', () => {
    expect(parseRequestPath('/webhook/hooks/github/push', 1)).toEqual({
      module: 'hooks',
      route: 'github/push',
    });
    expect(parseRequestPath('//webhook//hooks//a/', 1)).toEqual({ module: 'hooks', route: 'a' });
    expect(parseRequestPath('/webhook/hooks/github%2Fpush', 1)).toEqual({
      module: 'hooks',
      route: 'github/push',
    });
    expect(parseRequestPath('/api/hooks/m/x', 2)).toEqual({ module: 'm', route: 'x' });
  });
  it('refuses a path without a route or with a bad escape', () => {
    expect(parseRequestPath('/webhook/hooks', 1)).toBeUndefined();
    expect(parseRequestPath('/webhook/hooks/%E0%A4%A', 1)).toBeUndefined();
  });
});

describe('parseRequestPath under several prefix segments', () => {
  it('skips them on the fast and the general path', () => {
    expect(parseRequestPath('/api/v1/webhook/m/a/b', 3)).toEqual({ module: 'm', route: 'a/b' });
    expect(parseRequestPath('/api/v1/webhook/m/a%2Fb', 3)).toEqual({ module: 'm', route: 'a/b' });
    expect(parseRequestPath('/api/v1/webhook/m', 3)).toBeUndefined();
  });
});
