/**
 * @module options-renamed
 * Options that were renamed to the one name the service's config shares (root ARCHITECTURE.md,
 * "Settings"): the old name keeps working for one minor release, with one DeprecationWarning per
 * process, so an upgrade does not break a host application that still uses it.
 */
/** The former names, beside the current ones. */
interface RenamedOptions {
  /** @deprecated since 0.2: `workerMemoryMib`, the same value. */
  readonly memoryMb?: number;
  readonly workerMemoryMib?: number;
  readonly inbox?: {
    /** @deprecated since 0.2: `deliveries`, the same value. */
    readonly perModule?: number;
    readonly deliveries?: number;
  };
}

const warned = new Set<string>();

function warnRenamed(old: string, current: string): void {
  if (warned.has(old)) return;
  warned.add(old);
  process.emitWarning(
    `@gatehouse/webhooks: the option \`${old}\` is deprecated; use \`${current}\` (the old name is removed in 0.3.0)`,
    { type: 'DeprecationWarning', code: 'GATEHOUSE_WEBHOOKS_RENAMED_OPTION' },
  );
}

/** `options` with each old name moved to its new one; the new name wins when both are given. */
export function acceptRenamedOptions<T extends RenamedOptions>(options: T): T {
  const result = { ...options } as Record<string, unknown>;
  if (options.memoryMb !== undefined) {
    warnRenamed('memoryMb', 'workerMemoryMib');
    result.workerMemoryMib = options.workerMemoryMib ?? options.memoryMb;
    delete result.memoryMb;
  }
  const inbox = options.inbox;
  if (inbox?.perModule !== undefined) {
    warnRenamed('inbox.perModule', 'inbox.deliveries');
    const { perModule, ...rest } = inbox;
    result.inbox = { ...rest, deliveries: inbox.deliveries ?? perModule };
  }
  return result as T;
}
