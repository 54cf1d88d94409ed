/**
 * @module runner
 * Where a module's handlers run. A {@link Runner} is one loaded version of one module: in process
 * (trusted code, `isolation: "none"`, and modules registered from code) or in an isolated worker
 * process (the default for folder modules). Dispatch bounds concurrency in front of it; the runner
 * runs one call within its time and answers, and never throws.
 */
import type { Answer } from './replay.js';
import type { Release } from './semaphore.js';

export interface Runner {
  /** `in-process`, `process` or `sandbox` (a process in namespaces of its own); shown by `list()`. */
  readonly isolation: 'in-process' | 'process' | 'sandbox';
  /**
   * Runs `method` with `params`; answers 504 once `timeoutMs` has passed. `release` is called when
   * the call has really ended (a timed-out call keeps its concurrency slot until then).
   */
  call(
    method: string,
    params: Record<string, unknown>,
    timeoutMs: number,
    release: Release,
  ): Answer | Promise<Answer>;
  /** Stops the runner once its calls in flight have ended. */
  close(): Promise<void>;
}
