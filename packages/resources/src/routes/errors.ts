/**
 * How query-route failures are answered, PuppetDB's way: validation errors as `400 text/plain`
 * with the bare message (406 and 415 too, as 7.12.1 does), unknown parents as `404 {"error"}`.
 * Store errors (time bound, busy, the database away, full or locked: with Retry-After) are 503 text/plain; database errors are mapped by SQLSTATE;
 * anything else is a logged 500.
 * @module
 */
import type { FastifyError, FastifyReply } from 'fastify';
import type { Logger } from '../logger.js';
import { QueryError } from '../query/errors.js';
import { databaseStoreError } from '../store/database-errors.js';
import { isUnavailable, STORE_RETRY_AFTER_SECONDS, StoreError } from '../store/errors.js';

const TEXT = 'text/plain; charset=utf-8';

/** PostgreSQL SQLSTATEs that are the client's doing, with the status to answer. */
const PG_CLIENT_ERRORS: Readonly<Record<string, number>> = {
  '2201B': 400, // invalid regular expression
  '54001': 413, // statement too complex (stack depth)
  '57014': 503, // canceled: statement_timeout (queryTimeoutMs) or an administrator
};

/** Our text for SQLSTATE 57014: what happened and what to do, with PostgreSQL's reason. */
function cancelledMessage(error: Error): string {
  return `Query cancelled by the database (${error.message}): it ran longer than the query time limit (queryTimeoutMs). Narrow the query or retry later.`;
}

export function sendQueryError(reply: FastifyReply, error: unknown, logger: Logger): FastifyReply {
  if (error instanceof QueryError) {
    // An unknown parent is PuppetDB's JSON 404; every other query error its bare text.
    if (error.code === 'ERR_QUERY_PARENT_NOT_FOUND')
      return reply.code(error.status).send({ error: error.message });
    return reply.code(error.status).type(TEXT).send(error.message);
  }
  // SQLite's time bound, a full read queue, a lost worker, a database away: the query is fine.
  const storeError = error instanceof StoreError ? error : databaseStoreError(error);
  if (storeError) {
    if (isUnavailable(storeError)) reply.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
    return reply.code(storeError.status).type(TEXT).send(storeError.message);
  }
  const sqlState = (error as { code?: unknown }).code;
  if (typeof sqlState === 'string' && Object.hasOwn(PG_CLIENT_ERRORS, sqlState)) {
    const message = sqlState === '57014' ? cancelledMessage(error as Error) : (error as Error).message;
    return reply.code(PG_CLIENT_ERRORS[sqlState]!).type(TEXT).send(message);
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply
      .code(status)
      .type(TEXT)
      .send((error as Error).message);
  }
  logger.logf('[ERROR] resources: query failed: %s', (error as Error).stack ?? String(error));
  return reply.code(500).type(TEXT).send('Internal error while running the query');
}
