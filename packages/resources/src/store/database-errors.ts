/**
 * @module store/database-errors
 * Tells a database that is away or broken from SQL that is wrong, for either driver, so the
 * routes answer 503 with `Retry-After` naming what is wrong (and the command is not
 * acknowledged) instead of a 500, and the queue's loops pause instead of logging each attempt.
 * Errors are recognised by code and, where only the message crosses a thread boundary (a worker's
 * error is cloned without its `code`), by better-sqlite3's and pg's fixed message texts.
 */

import { StoreError } from './errors.js';

/** Node's socket errors that mean the server cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is away: class 08 (connection exception), 57P01-57P03
 * (shut down by an administrator, crashed, not accepting connections yet), 53300 (no connection
 * slot left).
 */
const PG_AWAY = /^(08...|57P0[123]|53300)$/;

/** pg's own texts for a connection that broke or could not be made in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection ended unexpectedly',
];

/** SQLite result codes (and their fixed messages) with the store error they are. */
const SQLITE = [
  { code: /^SQLITE_FULL/, text: 'database or disk is full', as: 'ERR_STORE_FULL' },
  { code: /^SQLITE_(BUSY|LOCKED)/, text: 'database is locked', as: 'ERR_STORE_LOCKED' },
  {
    code: /^SQLITE_(CANTOPEN|READONLY|IOERR|CORRUPT|NOTADB|PERM)/,
    text: /unable to open database file|readonly database|disk I\/O error|malformed|file is not a database/,
    as: 'ERR_STORE_UNREADABLE',
  },
] as const;

const SQLITE_WHAT = {
  ERR_STORE_FULL: 'the SQLite database cannot grow: the disk is full',
  ERR_STORE_LOCKED: 'the SQLite database is locked by another process',
  ERR_STORE_UNREADABLE: 'the SQLite database file cannot be read or written',
} as const;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** True when `error` says the PostgreSQL server is away (or the connection to it broke). */
export function isPostgresAway(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (SOCKET_CODES.has(code) || PG_AWAY.test(code)) return true;
  return PG_MESSAGES.some((text) => error.message.includes(text));
}

/** The store error for an SQLite failure of the file itself, or undefined for anything else. */
export function sqliteStoreError(error: unknown): StoreError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = codeOf(error);
  const kind = SQLITE.find((k) =>
    code
      ? k.code.test(code)
      : typeof k.text === 'string'
        ? error.message.includes(k.text)
        : k.text.test(error.message),
  );
  if (!kind) return undefined;
  // Already ours (its class lost on the way out of the command thread): keep the text.
  const ours = error.message.startsWith(SQLITE_WHAT[kind.as]);
  return new StoreError(
    kind.as,
    ours ? error.message : `${SQLITE_WHAT[kind.as]} (${error.message}); retry later`,
  );
}

/** The error a client is answered for a PostgreSQL server that is away. */
export function postgresAwayError(error: unknown): StoreError {
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError(
    'ERR_STORE_UNAVAILABLE',
    `the PostgreSQL database is unavailable (${reason}); retry later`,
  );
}

/** `error` as the store error it is (database away, full, locked, unreadable), else undefined. */
export function databaseStoreError(error: unknown): StoreError | undefined {
  if (error instanceof StoreError) return error;
  if (isPostgresAway(error)) return postgresAwayError(error);
  return sqliteStoreError(error);
}
