/**
 * @module commands/apply-command
 * Applies one checked command to the store, whichever kind it is.
 */

import type { Transactional } from '../store/types.js';
import { type ApplyOutcome, applyCatalog } from './apply-catalog.js';
import { applyDeactivation, applyFactset } from './apply-lifecycle.js';
import { applyReport } from './apply-report.js';
import type { Command } from './envelope.js';

/** Applies `command`; `received` is the server time (canonical ISO). */
export function applyCommand(
  store: Transactional,
  command: Command,
  received: string,
): Promise<ApplyOutcome> {
  switch (command.kind) {
    case 'replace catalog':
      return applyCatalog(store, command.catalog, received);
    case 'deactivate node':
      return applyDeactivation(store, command.deactivation);
    case 'replace facts':
      return applyFactset(store, command.factset, received);
    case 'store report':
      return applyReport(store, command.report, received);
  }
}
