/**
 * @module logging
 * The service's one log: a pino logger that Fastify uses as its own (request ids, the request log of
 * `--verbose`), that the service writes its start-up summary and lifecycle lines to, and that the
 * libraries reach through their injected `Logger` (`logf(format, ...args)`, adapted by
 * {@link libraryLogger}). One JSON object per line on stderr, or pino-pretty's lines on a terminal
 * (`server.logFormat`); the level is `server.logLevel` (`--log-level`), `info` by default, so the
 * libraries' `[DEBUG]` lines stay out unless asked for. stdout stays free for command output.
 *
 * Secrets never reach a line: every message, and every string anywhere in a record (errors, the
 * request URL), goes through {@link redactSecrets}, and a field named like a credential (password,
 * token, cookie, authorization...) is replaced by `***` whatever it holds. Headers and bodies are
 * never logged at all.
 */

import { format } from 'node:util';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type DestinationStream, type Level, type LevelWithSilent, pino, stdSerializers } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** A query parameter anywhere in a line: its separator, its name as written, and its value. */
const queryParameter = /([?&;])([^=&#\s]*)=([^&#\s"']*)/g;
/** Names of parameters whose values are credentials: passwords, tokens, OAuth codes and states, keys, signatures. */
const secretName = /pass|token|secret|code|state|sig|key|jwt|auth|cred/i;
/** A compact JWS/JWT anywhere in a line. */
const jwt = /\beyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]+/g;
/** Record fields whose values are credentials whatever they look like. */
const secretField = /pass|secret|token|cookie|authorization|signature|jwt|credential/i;

/**
 * A parameter name as the server reads it: `+` is a space and percent escapes are decoded, so
 * `p%61sswd` is `passwd`. Decoded until it stops changing (a few rounds), since a name escaped
 * twice must not hide either; a malformed escape leaves the name as it is.
 */
export function parameterName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  for (let round = 0; round < 3 && name.includes('%'); round++) {
    try {
      const decoded = decodeURIComponent(name);
      if (decoded === name) break;
      name = decoded;
    } catch {
      break;
    }
  }
  return name;
}

/**
 * `text` with the value of every credential query parameter replaced by `***` and any JWT by
 * `<jwt>`. Parameters are judged by their decoded name, as the route parsed them, never by how the
 * client spelled them.
 */
export function redactSecrets(text: string): string {
  const redacted = text.includes('=')
    ? text.replace(queryParameter, (whole, separator: string, name: string) =>
        secretName.test(parameterName(name)) ? `${separator}${name}=***` : whole,
      )
    : text;
  return redacted.replace(jwt, '<jwt>');
}

/**
 * A copy of `value` with every string redacted and every credential-named field replaced by `***`,
 * through plain objects and arrays. Other objects (an error, a request) are left to their
 * serializer, whose output is redacted in turn.
 */
export function redactRecord(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redactRecord(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = secretField.test(key) ? '***' : redactRecord(item, depth + 1);
  }
  return copy;
}

/** Fastify's request serializer: method, redacted URL, host and client address; never headers. */
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

/** The service's log: pino's logger (Fastify's `FastifyBaseLogger` is the same shape). */
export type ServiceLog = pino.Logger;

/** Where lines go; tests pass their own to capture them. */
export type LineWriter = (line: string) => void;

export const writeStderr: LineWriter = (line) => {
  process.stderr.write(`${line}\n`);
};

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const logFormats = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof logFormats)[number];

export interface ServiceLogOptions {
  readonly level: LevelWithSilent;
  /** `auto`: pretty when stderr is a terminal, JSON otherwise. */
  readonly format: LogFormat;
  /** Default: stderr, written synchronously (a fatal line must be out before the process exits). */
  readonly write?: LineWriter;
}

/** The service's log, writing one line per record through `write`. */
export function createServiceLog(options: ServiceLogOptions): ServiceLog {
  const write = options.write ?? writeStderr;
  const pretty = options.format === 'pretty' || (options.format === 'auto' && process.stderr.isTTY === true);
  const prettify = pretty
    ? prettyFactory({ colorize: process.stderr.isTTY === true, ignore: 'pid,hostname' })
    : undefined;
  const destination: DestinationStream = {
    write(chunk: string) {
      const line = prettify ? prettify(chunk) : chunk;
      write(line.endsWith('\n') ? line.slice(0, -1) : line);
    },
  };
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      serializers: {
        req: requestForLog as (request: unknown) => unknown,
        err: (error: Error) => redactRecord({ ...stdSerializers.err(error) }),
      },
      formatters: { log: (record) => redactRecord(record) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<
              typeof method
            >,
          );
        },
      },
    },
    destination,
  );
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = pino.Bindings;
type ChildLoggerOptions = pino.ChildLoggerOptions;
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The logger of one request (bound to its id), made only when something logs through it: Fastify
 * asks for one per request, most requests log nothing (the request log is off by default), and a
 * pino child costs a bindings object and a prototype chain each time.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: LevelName, args: LogArgs): void {
    const real = this.#real();
    real[level].apply(real, args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.#log('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#log('error', args);
  }
  warn(...args: LogArgs): void {
    this.#log('warn', args);
  }
  info(...args: LogArgs): void {
    this.#log('info', args);
  }
  debug(...args: LogArgs): void {
    this.#log('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#log('trace', args);
  }
  silent(...args: LogArgs): void {
    this.#log('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

/** `[DEBUG] ...` and the other tags the libraries put first, to the level of the record. */
const taggedLevels: Record<string, Level> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};
const tag = /^\[(DEBUG|INFO|WARN|ERROR)\] /;

/**
 * The `Logger` the libraries get: each `logf` call becomes one record of `log`, at the level its
 * leading `[LEVEL]` tag names (untagged: info), the tag itself left out. Go-style `%v` is `%s`.
 */
export function libraryLogger(log: ServiceLog): Logger {
  return {
    logf(pattern, ...args) {
      const match = tag.exec(pattern);
      const level = match ? taggedLevels[match[1]!]! : 'info';
      if (!log.isLevelEnabled(level)) return;
      const untagged = match ? pattern.slice(match[0].length) : pattern;
      log[level](format(untagged.replaceAll('%v', '%s'), ...args));
    },
  };
}
