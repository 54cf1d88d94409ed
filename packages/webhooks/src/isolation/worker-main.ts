/**
 * @module isolation/worker-main
 * The entry of a module's worker process. It imports the module named by the first message,
 * reports its methods and config, then runs calls and sends answers back in batches. An uncaught
 * exception or unhandled rejection (a throw in a timer, a promise nobody awaited) is reported to
 * the service and ends this process: its state is unknown from then on, and the service starts a
 * fresh one. When the service goes away (IPC channel closed) the worker ends too.
 */
import { exportedConfig, instantiate, ownMethodNames, pickExport } from '../module-export.js';
import { errorOutcome, isThenable, type Outcome, resultOutcome } from '../outcome.js';
import {
  type AnswerMessage,
  type CallMessage,
  FATAL_EXIT_CODE,
  type FromWorker,
  type ToWorker,
} from './protocol.js';

let instance: Record<string, (params: unknown) => unknown> | undefined;
let outbox: AnswerMessage[] = [];

function send(message: FromWorker, then?: () => void): void {
  process.send!(message, undefined, undefined, then);
}

function describe(err: unknown): string {
  try {
    return (err as Error)?.stack ?? String(err);
  } catch {
    return 'an error that cannot be described';
  }
}

function fatal(kind: string, err: unknown): void {
  process.removeAllListeners('uncaughtException');
  process.removeAllListeners('unhandledRejection');
  // The answers already queued are dropped: the service answers every call in flight itself.
  send({ type: 'fatal', error: `${kind}: ${describe(err)}` }, () => process.exit(FATAL_EXIT_CODE));
  setTimeout(() => process.exit(FATAL_EXIT_CODE), 1000).unref();
}

process.on('uncaughtException', (err) => fatal('uncaught exception', err));
process.on('unhandledRejection', (reason) => fatal('unhandled rejection', reason));
process.on('disconnect', () => process.exit(0));

function flush(): void {
  const answers = outbox;
  outbox = [];
  send({ type: 'answers', answers });
}

function answer(id: number, outcome: Outcome): void {
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(
    outcome.problem
      ? { id, answer: outcome.answer, problem: outcome.problem }
      : { id, answer: outcome.answer },
  );
}

function run(call: CallMessage): void {
  let result: unknown;
  try {
    if (call.rawBody !== undefined)
      (call.params._webhook as { rawBody?: Buffer }).rawBody = Buffer.from(call.rawBody, 'base64');
    result = instance![call.method]!.call(instance, call.params);
  } catch (err) {
    answer(call.id, errorOutcome(err));
    return;
  }
  if (!isThenable(result)) {
    answer(call.id, resultOutcome(result));
    return;
  }
  Promise.resolve(result).then(
    (value) => answer(call.id, resultOutcome(value)),
    (err: unknown) => answer(call.id, errorOutcome(err)),
  );
}

async function load(url: string): Promise<void> {
  try {
    const exports = (await import(url)) as Record<string, unknown>;
    const [exportName, exported] = pickExport(exports);
    const made = instantiate(exported);
    instance = made as typeof instance;
    const config = exportedConfig(exports, exported);
    // Only what JSON carries reaches the service: the config is data.
    send({
      type: 'ready',
      methods: ownMethodNames(made),
      exportName,
      config: config && JSON.parse(JSON.stringify(config)),
    });
  } catch (err) {
    send({ type: 'load-failed', error: describe(err) }, () => process.exit(1));
  }
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'load') void load(message.url);
  else for (const call of message.calls) run(call);
});
