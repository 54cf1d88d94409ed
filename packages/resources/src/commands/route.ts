/**
 * @module commands/route
 * `POST /{prefix}/cmd/v1`: checks the command at once (400/413/415 with a JSON error naming the
 * field), stores it in the durable queue, and answers `{"uuid"}` once it is committed. With `secondsToWaitForCompletion` it waits for the
 * apply and adds `processed`, `timed_out` and `error` (503 on timeout or failure), as the
 * reference does. Registered in its own encapsulated context: its body parser and error handler
 * apply to this route only.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commandRouteSchema, describeOnly } from '../routes/route-schemas.js';
import { databaseStoreError } from '../store/database-errors.js';
import { STORE_RETRY_AFTER_SECONDS } from '../store/errors.js';
import type { ApplyOutcome } from './apply-catalog.js';
import { COMMAND_BODY_LIMIT_KEY, parseCommandBody } from './body.js';
import { readCommand } from './envelope.js';
import { CommandError } from './errors.js';
import type { CommandProcessor } from './processor.js';

/** Options of the command route. */
export interface CommandRouteOptions {
  /** First path segment(s), e.g. `pdb` (not named `prefix`: Fastify's register treats that one itself). */
  readonly pathPrefix: string;
  readonly processor: CommandProcessor;
  /** Largest body accepted, compressed or not (bytes). */
  readonly bodyLimit: number;
  /** Longest `secondsToWaitForCompletion` honoured. */
  readonly maxWaitSeconds: number;
  readonly now: () => Date;
}

function errorBody(error: CommandError) {
  return {
    error: error.message,
    code: error.code,
    ...(error.field === undefined ? {} : { field: error.field }),
  };
}

function readWait(query: Record<string, unknown>, max: number): number | undefined {
  const raw = query.secondsToWaitForCompletion;
  if (raw === undefined) return undefined;
  const seconds = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(seconds)) {
    const message = `secondsToWaitForCompletion must be a non-negative number of seconds, not ${JSON.stringify(raw)}`;
    throw new CommandError('ERR_CMD_INVALID_FIELD', message, 'secondsToWaitForCompletion');
  }
  return Math.min(seconds, max);
}

type Waited = { outcome: ApplyOutcome } | { timedOut: true } | { failed: unknown };

function waitFor(done: Promise<ApplyOutcome>, seconds: number): Promise<Waited> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Waited>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), seconds * 1000);
  });
  const applied = done.then(
    (outcome): Waited => ({ outcome }),
    (failed): Waited => ({ failed }),
  );
  return Promise.race([applied, timeout]).finally(() => clearTimeout(timer));
}

/** Answers once `done` settles or the wait of `seconds` since `since` (performance.now()) ends. */
async function answerAfterWait(
  reply: FastifyReply,
  uuid: string,
  done: Promise<ApplyOutcome>,
  seconds: number,
  since: number,
) {
  const left = Math.max(0, seconds - (performance.now() - since) / 1000);
  const waited = await waitFor(done, left);
  if ('outcome' in waited)
    return reply.send({ uuid, processed: true, timed_out: false, error: null, outcome: waited.outcome });
  if ('timedOut' in waited) {
    const error = new CommandError(
      'ERR_CMD_TIMEOUT',
      `Command ${uuid} was not applied within ${seconds} seconds`,
    );
    return reply.code(503).send({ uuid, processed: false, timed_out: true, ...errorBody(error) });
  }
  const error = new CommandError(
    'ERR_CMD_FAILED',
    `Command ${uuid} failed: ${(waited.failed as Error).message}`,
  );
  return reply.code(503).send({ uuid, processed: false, timed_out: false, ...errorBody(error) });
}

/** Registers the command route; use with `app.register(commandRoutes, options)`. */
export async function commandRoutes(app: FastifyInstance, options: CommandRouteOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof CommandError) return reply.code(error.status).send(errorBody(error));
    const fastifyCode = (error as { code?: string }).code;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = new CommandError(
        'ERR_CMD_TOO_LARGE',
        `The body is larger than ${options.bodyLimit} bytes (${COMMAND_BODY_LIMIT_KEY})`,
      );
      return reply.code(413).send(errorBody(tooLarge));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const message = status >= 500 ? 'Internal error' : (error as Error).message;
    return reply.code(status).send({ error: message });
  });
  app.setValidatorCompiler(describeOnly); // PuppetDB's own answers to bad input, not Fastify's
  app.post(
    `/${options.pathPrefix}/cmd/v1`,
    // The route's own limit too: hooks in front of the parser (a host's body checks) read it.
    { schema: commandRouteSchema, bodyLimit: options.bodyLimit },
    async (request: FastifyRequest, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const wait = readWait(query, options.maxWaitSeconds);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const body = parseCommandBody(raw, request.headers['content-encoding'], options.bodyLimit);
      const command = readCommand({ query, body, now: options.now().toISOString() });
      const since = performance.now();
      const submitted = options.processor.submit(command, wait === undefined ? {} : { waitMs: wait * 1000 });
      const { uuid, done } = await submitted.catch((error: unknown) => {
        const unavailable = databaseStoreError(error);
        if (!unavailable) {
          throw new CommandError(
            'ERR_CMD_FAILED',
            `The command could not be stored: ${(error as Error).message}`,
          );
        }
        // Not stored, so not acknowledged: the client (Puppet's terminus) sends it again later.
        reply.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
        throw new CommandError(
          'ERR_CMD_STORE_UNAVAILABLE',
          `The command was not stored: ${unavailable.message}`,
        );
      });
      if (wait === undefined) return reply.send({ uuid });
      return answerAfterWait(reply, uuid, done, wait, since);
    },
  );
}
