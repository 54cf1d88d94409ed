/**
 * @module settings/text-values
 * Values that arrive as text (environment variables and command-line flags) for a config key, and
 * the {@link ConfigFlag} row that names such a flag. Areas declare their own flags with it (e.g.
 * `--modules`), the `cli/` commands pick the rows they accept, and `config/sources.ts` converts
 * environment variables the same way.
 */

/** What type an env or flag value should become before validation. */
export type TextKind = 'text' | 'number' | 'boolean';

/**
 * Env and flag values are text; for number and boolean keys they are converted when they look like
 * one, and anything else stays text so that validation reports it exactly as given.
 */
export function fromText(text: string, kind: TextKind): unknown {
  if (kind === 'number' && /^-?\d+$/.test(text)) return Number(text);
  if (kind === 'boolean' && /^(1|true|yes|on)$/i.test(text)) return true;
  if (kind === 'boolean' && /^(0|false|no|off)$/i.test(text)) return false;
  return text;
}

/** A command-line flag that sets one config key. */
export interface ConfigFlag {
  readonly flag: string;
  readonly key: string;
  readonly kind: TextKind;
  /** Shown in help after the flag, e.g. `N`; absent for boolean flags. */
  readonly placeholder?: string;
  readonly help: string;
}
