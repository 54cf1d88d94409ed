/**
 * @module providers/builtin/names
 * The names reserved by built-in providers; custom and local-server providers may not use them.
 */
export const builtinProviderNames = [
  'github',
  'google',
  'facebook',
  'microsoft',
  'yandex',
  'battlenet',
  'patreon',
  'discord',
  'twitter',
  'apple',
  'dev',
] as const;

export type BuiltinProviderName = (typeof builtinProviderNames)[number];

export function assertNotBuiltinName(name: string, what: string): void {
  if ((builtinProviderNames as readonly string[]).includes(name)) {
    throw new TypeError(`${what} cannot use the built-in provider name "${name}"`);
  }
}
