import { describe, expect, it } from 'vitest';
import type { Provider } from './provider.js';
import { ProviderRegistry } from './registry.js';

const provider = (name: string): Provider => ({ name, login: async () => ({ status: 200, headers: {} }) });

describe('ProviderRegistry', () => {
  it('keeps registration order', () => {
    const registry = new ProviderRegistry();
    for (const name of ['dev', 'github', 'custom_1', 'a.b~c-d']) registry.add(provider(name));
    expect(registry.names()).toEqual(['dev', 'github', 'custom_1', 'a.b~c-d']);
    expect(registry.get('github')?.name).toBe('github');
  });

  it.each(['', ' ', 'a/b', 'a b', 'a?b', 'a#b', 'a%20b', 'a:b', 'a@b', '..', 'é'])(
    'refuses the name %j',
    (name) => {
      expect(() => new ProviderRegistry().add(provider(name))).toThrow(TypeError);
    },
  );

  it('refuses a duplicate name, in any case', () => {
    const registry = new ProviderRegistry();
    registry.add(provider('github'));
    expect(() => registry.add(provider('GitHub'))).toThrow(/already registered/);
  });
});
