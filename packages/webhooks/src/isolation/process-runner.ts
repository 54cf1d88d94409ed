/**
 * @module isolation/process-runner
 * The isolated runner: one worker process per loaded module version. Calls go to the worker in
 * batches and come back as answers. Whatever the module's code does to its worker (throws in a
 * timer, leaves a rejection unhandled, calls `process.exit`, loops forever, exhausts its heap)
 * ends that worker only: the calls it was running answer 500 (504 for the call whose time ran
 * out: the worker is killed then, since JavaScript cannot be interrupted otherwise), the event is
 * logged once with the module and method, and a new worker is started for the calls that follow.
 * If the new worker cannot even import the module, the module answers 503 until its file changes.
 * A worker that sends what the protocol does not allow (a forged or oversized message) is killed
 * the same way, and its calls answer 502. A batch of calls that cannot be sent answers 500; the
 * service itself never throws for what a worker or a call contains.
 */
import { errorAnswer } from '../answer.js';
import type { WebhookErrorCode } from '../errors.js';
import type { Answer } from '../replay.js';
import type { Runner } from '../runner.js';
import type { Release } from '../semaphore.js';
import type { AnswerMessage, CallMessage, FromWorker, ToWorker } from './protocol.js';
import {
  brokenWorker,
  describeExit,
  killWorker,
  type ReadyModule,
  startWorker,
  type Worker,
  type WorkerSpec,
} from './worker-process.js';

interface Pending {
  readonly method: string;
  readonly resolve: (answer: Answer) => void;
  readonly release: Release;
  readonly timer: NodeJS.Timeout;
  /** The worker the call was sent to; unset while it waits for one. */
  sentTo?: Worker;
}

export class ProcessRunner implements Runner {
  readonly isolation: 'process' | 'sandbox';
  readonly #spec: WorkerSpec;
  readonly #onClosed: () => void;
  #worker: Worker | undefined;
  #pending = new Map<number, Pending>();
  #outbox: CallMessage[] = [];
  #nextId = 0;
  #lastMethod: string | undefined;
  /** The call whose timeout has the current worker killed; new calls then wait for the next worker. */
  #killedFor: { method: string; timeoutMs: number } | undefined;
  /** Releases of timed-out calls, held until their worker has really ended. */
  #releaseOnExit: Release[] = [];
  #unavailable = false;
  #closing = false;
  #exited: Promise<void> = Promise.resolve();

  private constructor(spec: WorkerSpec, worker: Worker, onClosed: () => void) {
    this.#spec = spec;
    this.isolation = spec.confinement.kind;
    this.#onClosed = onClosed;
    this.#attach(worker);
  }

  /** Starts the first worker; rejects with the load error when the module cannot be imported. */
  static async start(spec: WorkerSpec, onClosed: () => void = () => {}) {
    const { worker, ready } = await startWorker(spec);
    return { runner: new ProcessRunner(spec, worker, onClosed), ready: ready as ReadyModule };
  }

  call(method: string, params: Record<string, unknown>, timeoutMs: number, release: Release) {
    if (this.#unavailable) {
      release();
      return errorAnswer('ERR_MODULE_UNAVAILABLE');
    }
    const id = ++this.#nextId;
    return new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => this.#timedOut(id, timeoutMs), timeoutMs);
      this.#pending.set(id, { method, resolve, release, timer });
      if (this.#outbox.length === 0) setImmediate(() => this.#flush());
      const raw = (params._webhook as { rawBody?: Buffer } | undefined)?.rawBody;
      if (raw) {
        const meta = { ...(params._webhook as object), rawBody: undefined };
        this.#outbox.push({
          id,
          method,
          params: { ...params, _webhook: meta },
          rawBody: raw.toString('base64'),
        });
      } else this.#outbox.push({ id, method, params });
    });
  }

  #flush(): void {
    const worker = this.#worker;
    if (!worker || worker.broken || this.#killedFor || this.#outbox.length === 0) return; // sent once a worker is ready
    const calls = this.#outbox.filter((call) => {
      const pending = this.#pending.get(call.id);
      if (pending) pending.sentTo = worker;
      return pending !== undefined; // a call that timed out while waiting is not sent
    });
    this.#outbox = [];
    if (calls.length === 0) return;
    const problem = worker.channel.send({ type: 'calls', calls } satisfies ToWorker);
    if (problem) this.#unsent(calls, problem);
  }

  /** Calls that could not reach the worker answer 500, logged once for the batch. */
  #unsent(calls: readonly CallMessage[], problem: string): void {
    const methods = new Set<string>();
    for (const call of calls) {
      const pending = this.#pending.get(call.id);
      if (!pending) continue;
      this.#pending.delete(call.id);
      methods.add(pending.method);
      this.#finish(pending, 'ERR_WORKER_CHANNEL');
    }
    this.#spec.logger.logf(
      '[ERROR] webhooks: %d call(s) of %s (%s) answered 500: the batch %s',
      calls.length,
      this.#spec.module,
      [...methods].join(', '),
      problem,
    );
  }

  #attach(worker: Worker): void {
    this.#worker = worker;
    worker.onMessage = (message: FromWorker) => {
      if (message.type === 'answers') this.#answers(message.answers);
      else if (message.type === 'fatal') worker.fatal = message.error;
      else brokenWorker(worker, `a "${message.type}" message after its module was loaded`);
    };
    this.#exited = new Promise((resolve) =>
      worker.child.once('exit', (code, signal) => {
        this.#workerEnded(worker, describeExit(code, signal));
        resolve();
      }),
    );
    this.#flush();
  }

  #answers(answers: readonly AnswerMessage[]): void {
    for (const { id, answer, problem } of answers) {
      const pending = this.#pending.get(id);
      if (!pending) continue; // answered 504 already
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      this.#lastMethod = pending.method;
      pending.release();
      if (problem)
        this.#spec.logger.logf('[WARN] webhooks: %s.%s %s', this.#spec.module, pending.method, problem);
      pending.resolve(answer);
    }
    if (this.#closing && this.#pending.size === 0 && this.#worker) killWorker(this.#worker);
  }

  #timedOut(id: number, timeoutMs: number): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    this.#releaseOnExit.push(pending.release);
    this.#killedFor ??= { method: pending.method, timeoutMs };
    pending.resolve(errorAnswer('ERR_HANDLER_TIMEOUT'));
    if (this.#worker) killWorker(this.#worker);
  }

  /** Answers what the ended worker was running, logs why it ended, and starts the next one. */
  #workerEnded(worker: Worker, exit: string): void {
    if (worker !== this.#worker) return;
    this.#worker = undefined;
    // The calls this worker was running end with it; calls still waiting go to the next worker.
    const victims: Pending[] = [];
    for (const [id, pending] of this.#pending) {
      if (pending.sentTo !== worker) continue;
      this.#pending.delete(id);
      victims.push(pending);
    }
    for (const release of this.#releaseOnExit.splice(0)) release();
    const code = worker.broken ? 'ERR_BAD_WORKER_ANSWER' : 'ERR_WORKER_CRASHED';
    for (const victim of victims) this.#finish(victim, code);
    const killedFor = this.#killedFor;
    this.#killedFor = undefined;
    if (this.#closing) {
      this.#onClosed();
      return;
    }
    const { module, logger } = this.#spec;
    const methods = killedFor
      ? [killedFor.method, ...victims.map((v) => v.method)]
      : victims.map((v) => v.method);
    const running = [...new Set(methods.map((method) => `${module}.${method}`))];
    const during =
      running.length > 0
        ? `while running ${running.join(', ')}`
        : `after ${module}.${this.#lastMethod ?? '(no call)'}`;
    const why = worker.broken
      ? `it sent ${worker.broken}, worker killed`
      : killedFor
        ? `timed out after ${killedFor.timeoutMs} ms, worker killed`
        : (worker.fatal ?? (worker.outOfMemory ? `ran out of memory and ${exit}` : exit));
    logger.logf(
      '[ERROR] webhooks: %s worker stopped %s: %s; %d call(s) in flight answered %d; starting a new worker',
      module,
      during,
      why,
      victims.length,
      worker.broken ? 502 : 500,
    );
    this.#restart();
  }

  #finish(pending: Pending, code: WebhookErrorCode): void {
    clearTimeout(pending.timer);
    pending.release();
    pending.resolve(errorAnswer(code));
  }

  #restart(): void {
    startWorker(this.#spec).then(
      ({ worker }) => {
        if (this.#closing) killWorker(worker);
        else this.#attach(worker);
      },
      (err: Error) => {
        this.#unavailable = true;
        this.#spec.logger.logf(
          '[ERROR] webhooks: module %s cannot be restarted, it answers 503 until its file changes: %s',
          this.#spec.module,
          err.message,
        );
        const queued = this.#outbox;
        this.#outbox = [];
        for (const call of queued) {
          const pending = this.#pending.get(call.id);
          this.#pending.delete(call.id);
          if (pending) this.#finish(pending, 'ERR_MODULE_UNAVAILABLE');
        }
      },
    );
  }

  /** Stops taking calls; the worker ends once the calls it runs have answered (or timed out). */
  async close(): Promise<void> {
    if (this.#closing) return this.#exited;
    this.#closing = true;
    if (!this.#worker) {
      this.#onClosed();
      return;
    }
    if (this.#pending.size === 0) killWorker(this.#worker);
    return this.#exited;
  }
}
