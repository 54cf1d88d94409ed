/**
 * @module test/support/commands/test-queue
 * A test's command queue: the fresh store it opens (SQLite file or PostgreSQL schema, see
 * ../store/test-stores.ts) and the command processors it starts, all closed after each test, the
 * processors first so that none is still applying when its store goes away.
 */

import { afterEach } from 'vitest';
import { CommandProcessor, type ProcessorOptions } from '../../../src/commands/processor.js';
import type { Dialect, ResourceStore } from '../../../src/store/types.js';
import { openTestStore, type TestStore } from '../store/test-stores.js';

/** The store and processors of the running test. */
export interface TestQueue {
  /** Opens the running test's fresh, migrated store of `dialect`. */
  open(dialect: Dialect): Promise<TestStore>;
  /** The store `open` gave the running test. */
  readonly t: TestStore;
  /**
   * Starts a processor on the test's store, or on `store` (the test's store wrapped, say), with
   * `options` over the defaults given to `useTestQueue`.
   */
  processor(options?: ProcessorOptions, store?: ResourceStore): CommandProcessor;
}

/**
 * Registers the after-each clean-up in the calling scope (file or `describe`) and returns the queue
 * its tests open. `defaults` are processor options every `processor()` of this scope starts with.
 */
export function useTestQueue(defaults: ProcessorOptions = {}): TestQueue {
  let opened: TestStore | undefined;
  const started: CommandProcessor[] = [];
  afterEach(async () => {
    for (const p of started.splice(0)) await p.close();
    await opened?.dispose();
    opened = undefined;
  });
  const current = (): TestStore => {
    if (!opened) throw new Error('the test has not opened its store: call `open(dialect)` first');
    return opened;
  };
  return {
    open: async (dialect) => {
      opened = await openTestStore(dialect);
      return opened;
    },
    get t() {
      return current();
    },
    processor: (options = {}, store = current().store) => {
      const p = new CommandProcessor(store, { ...defaults, ...options });
      started.push(p);
      return p;
    },
  };
}
