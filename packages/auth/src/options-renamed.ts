/**
 * @module options-renamed
 * Duration options renamed so that their names say their unit (root ARCHITECTURE.md, "Settings"):
 * the old name keeps working for one minor release, with one DeprecationWarning per process, so an
 * upgrade does not break an application that still uses it. The new name wins when both are given.
 */

/** The former names, each a number of milliseconds. */
export interface RenamedOpts {
  /** @deprecated since 0.2: `tokenDurationMs`, the same value. */
  tokenDuration?: number;
  /** @deprecated since 0.2: `cookieDurationMs`, the same value. */
  cookieDuration?: number;
  /** @deprecated since 0.2: `maxSessionAgeMs`, the same value. */
  maxSessionAge?: number;
  /** @deprecated since 0.2: `revocationCheckIntervalMs`, the same value. */
  revocationCheckInterval?: number;
}

const renamed = {
  tokenDuration: 'tokenDurationMs',
  cookieDuration: 'cookieDurationMs',
  maxSessionAge: 'maxSessionAgeMs',
  revocationCheckInterval: 'revocationCheckIntervalMs',
} as const satisfies Record<keyof RenamedOpts, string>;

const warned = new Set<string>();

/** `opts` with each old name moved to its new one, warning once per process per old name. */
export function acceptRenamedOptions<T extends RenamedOpts>(opts: T): T {
  const result = { ...opts } as Record<string, unknown>;
  for (const [old, current] of Object.entries(renamed)) {
    if (result[old] === undefined) continue;
    if (!warned.has(old)) {
      warned.add(old);
      process.emitWarning(
        `@gatehouse/auth: the option \`${old}\` is deprecated; use \`${current}\` (the old name is removed in 0.3.0)`,
        { type: 'DeprecationWarning', code: 'GATEHOUSE_AUTH_RENAMED_OPTION' },
      );
    }
    result[current] ??= result[old];
    delete result[old];
  }
  return result as T;
}
