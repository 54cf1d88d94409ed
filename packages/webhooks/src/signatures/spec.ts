/**
 * @module signatures/spec
 * Turns a `@signature` JSDoc tag into a {@link SignatureConfig}, and checks a config, so a tag
 * and a `webhookConfig` object end up as the same thing. Tag grammar:
 *
 *     @signature <github|stripe|slack|standard-webhooks|hmac-sha256|none> [env:VAR] [key=value ...]
 *
 * keys: `header`, `encoding` (hex|base64), `prefix`, `tolerance` (seconds), `delivery` (header).
 * Secrets can only be named by environment variable in a tag, never written into the source.
 */
import type { SignatureConfig, SignatureScheme } from '../types.js';

const SCHEMES: Readonly<Record<SignatureScheme, true>> = {
  github: true,
  stripe: true,
  slack: true,
  'standard-webhooks': true,
  'hmac-sha256': true,
};

function fail(message: string): never {
  throw new TypeError(`@gatehouse/webhooks: ${message}`);
}

/** Throws a TypeError naming the problem when `config` cannot be used. */
export function checkSignatureConfig(config: SignatureConfig, where: string): SignatureConfig {
  if (!Object.hasOwn(SCHEMES, config.scheme)) {
    fail(
      `${where}: unknown signature scheme "${String(config.scheme)}" (use ${Object.keys(SCHEMES).join(', ')})`,
    );
  }
  if (config.secret === undefined && config.secretEnv === undefined) {
    fail(`${where}: signature scheme "${config.scheme}" needs a secret or secretEnv`);
  }
  if (config.encoding !== undefined && config.encoding !== 'hex' && config.encoding !== 'base64') {
    fail(`${where}: encoding must be hex or base64`);
  }
  if (config.toleranceSec !== undefined && !(config.toleranceSec > 0)) {
    fail(`${where}: tolerance must be a positive number of seconds`);
  }
  return config;
}

function applyOption(config: SignatureConfig, key: string, value: string, where: string): void {
  if (key === 'header') config.header = value.toLowerCase();
  else if (key === 'encoding') config.encoding = value as 'hex' | 'base64';
  else if (key === 'prefix') config.prefix = value;
  else if (key === 'tolerance') config.toleranceSec = Number(value);
  else if (key === 'delivery') config.deliveryHeader = value.toLowerCase();
  else fail(`${where}: unknown @signature option "${key}"`);
}

/** Parses the text of a `@signature` tag; `'none'` switches signatures off. */
export function parseSignatureTag(text: string, where: string): SignatureConfig | 'none' {
  const [scheme, ...words] = text.split(/\s+/).filter((w) => w.length > 0);
  if (scheme === undefined) fail(`${where}: @signature needs a scheme`);
  if (scheme.toLowerCase() === 'none') return 'none';
  const config: SignatureConfig = { scheme: scheme.toLowerCase() as SignatureScheme };
  for (const word of words) {
    if (word.startsWith('env:')) config.secretEnv = word.slice(4);
    else if (word.includes('=')) {
      const at = word.indexOf('=');
      applyOption(config, word.slice(0, at).toLowerCase(), word.slice(at + 1), where);
    } else fail(`${where}: unexpected word "${word}" in @signature (secrets go in env:VAR)`);
  }
  return checkSignatureConfig(config, where);
}

/** Where `env:VAR` secrets are read from. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The secrets a config names right now; empty when its environment variable is unset. */
export function secretsOf(config: SignatureConfig, env: Environment = process.env): string[] {
  if (config.secret !== undefined)
    return typeof config.secret === 'string' ? [config.secret] : [...config.secret];
  const fromEnv = config.secretEnv === undefined ? undefined : env[config.secretEnv];
  return fromEnv ? [fromEnv] : [];
}
