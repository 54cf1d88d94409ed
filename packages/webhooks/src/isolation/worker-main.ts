/**
 * @module isolation/worker-main
 * The entry of a module's worker process. It imports the module named by the first message,
 * reports its methods and config, then runs calls and sends answers back in batches. An uncaught
 * exception or unhandled rejection (a throw in a timer, a promise nobody awaited) is reported to
 * the service and ends this process: its state is unknown from then on, and the service starts a
 * fresh one. When the service goes away (channel closed) the worker ends too. The channel is the
 * pipe on descriptor 3 (channel.ts); the service trusts nothing this process sends.
 */
import { Socket } from 'node:net';
import { errorAnswer } from '../answer.js';
import { exportedConfig, instantiate, ownMethodNames, pickExport } from '../module-export.js';
import { errorOutcome, isThenable, type Outcome, resultOutcome } from '../outcome.js';
import { JsonChannel } from './channel.js';
import {
  type AnswerMessage,
  type CallMessage,
  FATAL_EXIT_CODE,
  type FromWorker,
  type ToWorker,
} from './protocol.js';

const CHANNEL_FD = 3;

let instance: Record<string, (params: unknown) => unknown> | undefined;
let outbox: AnswerMessage[] = [];
/** Bytes of the answers in the outbox; a batch is sent before it outgrows the service's line limit. */
let outboxBytes = 0;
let answerLimit = Number.POSITIVE_INFINITY;

const socket = new Socket({ fd: CHANNEL_FD, readable: true, writable: true });
const channel = new JsonChannel(
  socket,
  Number.POSITIVE_INFINITY, // the service is trusted: its calls are bounded by its body limit
  (message) => received(message as ToWorker),
  () => process.exit(1),
);
socket.on('close', () => process.exit(0));

function send(message: FromWorker, then?: () => void): void {
  channel.send(message);
  if (then) socket.write('', then);
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
function flush(): void {
  if (outbox.length === 0) return;
  const answers = outbox;
  outbox = [];
  outboxBytes = 0;
  send({ type: 'answers', answers });
}

/** An answer the service would refuse for its size is refused here already, without sending it. */
function bounded(outcome: Outcome): Outcome {
  const bytes = outcome.answer.body.length;
  if (bytes <= answerLimit) return outcome;
  return {
    answer: errorAnswer('ERR_BAD_WORKER_ANSWER'),
    problem: `answered ${bytes} characters (limit ${answerLimit} bytes), not sent`,
  };
}

function answer(id: number, result: Outcome): void {
  const outcome = bounded(result);
  if (outbox.length === 0) setImmediate(flush);
  else if (outboxBytes + outcome.answer.body.length > answerLimit) flush();
  outboxBytes += outcome.answer.body.length;
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

function received(message: ToWorker): void {
  if (message.type === 'load') {
    answerLimit = message.answerLimit;
    void load(message.url);
  } else for (const call of message.calls) run(call);
}
