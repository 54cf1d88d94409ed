/**
 * @module commands/settled-command
 * What the processor tells of each command it stored once the command is applied or has failed
 * (the `onCommandSettled` option; the service counts them for its metrics).
 */
import type { CommandName } from './envelope.js';

/** A command this instance stored, settled: what it was, how it ended, how long after it came in. */
export interface SettledCommand {
  readonly command: CommandName;
  readonly outcome: 'applied' | 'failed';
  /** From received (before it was stored and acknowledged) to applied or failed: queue wait plus apply. */
  readonly seconds: number;
}
