/**
 * @module logging
 * The service's one logger: libraries get it as their injected `Logger` (`logf(format, ...args)`),
 * and it writes one timestamped line per call to stderr. stdout stays free for command output.
 * Secrets never reach a line: every line, and every URL of the `--verbose` request log, goes through
 * {@link redactSecrets} (libraries already log no secret on purpose; this catches what a URL or an
 * error message carries by accident). Headers (cookies, Authorization, X-Webhook-Secret, signatures)
 * and bodies are never logged at all.
 */

import { format } from 'node:util';
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials: passwords, tokens, OAuth codes and states, keys, signatures. */
const secretParameter =
  /([?&;][^=&#\s]*(?:pass|token|secret|code|state|sig|key|jwt|auth|cred)[^=&#\s]*=)[^&#\s"']*/gi;
/** A compact JWS/JWT anywhere in a line. */
const jwt = /\beyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]+/g;

/** `text` with credential query values replaced by `***` and any JWT by `<jwt>`. */
export function redactSecrets(text: string): string {
  return text.replace(secretParameter, '$1***').replace(jwt, '<jwt>');
}

/** Fastify's request serializer for `--verbose`, with the URL redacted. */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The logger shape every Gatehouse library accepts; structurally the same as `@gatehouse/auth`'s. */
export interface Logger {
  logf(format: string, ...args: unknown[]): void;
}

/** Where lines go; tests pass their own to capture them. */
export type LineWriter = (line: string) => void;

export const writeStderr: LineWriter = (line) => {
  process.stderr.write(`${line}\n`);
};

/** A logger writing `<ISO time> <message>` lines. Go-style `%v` is accepted as `%s`. */
export function createLogger(write: LineWriter = writeStderr): Logger {
  return {
    logf(pattern, ...args) {
      write(`${new Date().toISOString()} ${redactSecrets(format(pattern.replaceAll('%v', '%s'), ...args))}`);
    },
  };
}
