/**
 * @module cluster/process-role
 * The part one process plays among the processes of `server.workers` above one: the primary (the
 * process that was started; it serves requests too, and keeps the state when it is memory) or a
 * worker it started. The app asks its role for its state store and tells it how to drop the
 * sessions another process revoked; a single process has no role and does as it always did.
 */
import type { RevokedSessions } from '@gatehouse/auth';
import type { Logger } from '../logging.js';
import type { OpenedStateStore, StateSettings } from '../state/open-state-store.js';

export interface ProcessRole {
  /** True in the process that was started (and starts the others). */
  readonly primary: boolean;
  /** The state store of this process, shared with the others. */
  openState(config: StateSettings, logger: Logger): Promise<OpenedStateStore>;
  /** How this process drops a session another process revoked from its token cache. */
  onRevokedElsewhere(forget: (revoked: RevokedSessions) => void): void;
}
