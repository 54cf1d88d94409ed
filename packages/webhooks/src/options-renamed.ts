/**
 * @module options-renamed
 * Options that were renamed to the one name the service's config shares (root ARCHITECTURE.md,
 * "Settings"): the old name keeps working for one minor release, with one DeprecationWarning per
 * process, so an upgrade does not break a host application that still uses it.
 */
import type { WebhooksOptions } from './options.js';

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
export function acceptRenamedOptions(options: WebhooksOptions): WebhooksOptions {
  let result = options;
  if (options.memoryMb !== undefined) {
    warnRenamed('memoryMb', 'workerMemoryMib');
    const { memoryMb, ...rest } = options;
    result = { ...rest, workerMemoryMib: options.workerMemoryMib ?? memoryMb };
  }
  if (options.inbox?.perModule !== undefined) {
    warnRenamed('inbox.perModule', 'inbox.deliveries');
    const { perModule, ...inbox } = options.inbox;
    result = { ...result, inbox: { ...inbox, deliveries: inbox.deliveries ?? perModule } };
  }
  return result;
}
