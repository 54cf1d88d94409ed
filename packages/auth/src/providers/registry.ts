/**
 * @module providers/registry
 * The providers of one service, in registration order. Unlike the reference, which logs and
 * silently skips a bad name and lets the first of two equal names win, a bad or duplicate name is
 * a `TypeError` when the provider is added.
 */
import type { Provider } from './provider.js';

/** Unreserved URL characters only (RFC 3986), so a name is the same escaped or not. */
const SAFE_NAME = /^[A-Za-z0-9._~-]+$/;

export function checkProviderName(name: unknown): string {
  if (typeof name !== 'string' || !SAFE_NAME.test(name) || name === '.' || name === '..') {
    throw new TypeError(
      `@gatehouse/auth: provider name ${JSON.stringify(name)} is not URL-path-safe (use letters, digits, "-", "_", ".", "~")`,
    );
  }
  return name;
}

export class ProviderRegistry {
  readonly #byName = new Map<string, Provider>();

  add(provider: Provider): void {
    const name = checkProviderName(provider?.name);
    if (typeof provider.login !== 'function') {
      throw new TypeError(`@gatehouse/auth: provider ${name} has no login(req) method`);
    }
    if (this.has(name))
      throw new TypeError(`@gatehouse/auth: a provider named ${name} is already registered`);
    this.#byName.set(name, provider);
  }

  /** The provider registered as `name` (exact match), or `undefined`. */
  get(name: string): Provider | undefined {
    return this.#byName.get(name);
  }

  /** True when a provider with this name (any case) is registered. */
  has(name: string): boolean {
    const lower = name.toLowerCase();
    for (const key of this.#byName.keys()) if (key.toLowerCase() === lower) return true;
    return false;
  }

  names(): string[] {
    return [...this.#byName.keys()];
  }

  all(): Provider[] {
    return [...this.#byName.values()];
  }
}
