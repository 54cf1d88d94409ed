/**
 * @module answer-policy
 * What the service will serve as a handler's answer, checked in the service for every answer
 * whatever produced it (a worker process sends bytes the module controls; an in-process handler
 * can build an answer object by hand):
 * - a status of 200-599 (a 1xx is no final answer, and anything else is no HTTP status);
 * - a body that is a string of at most `answerLimit` bytes;
 * - headers with token names and one-line string values, none of the banned ones below;
 * - a content type that is a one-line string.
 * An answer that breaks a rule is not sent in part: the call answers 502 and one log line names the
 * module, the method and the rule.
 *
 * A raw answer is content chosen by module code and served from the service's own origin, where
 * the login cookies live. So the service adds `Content-Security-Policy: sandbox` (a browser shows
 * the answer in an opaque origin without scripts: HTML with a script can neither run nor read the
 * origin's cookies and storage) and `X-Content-Type-Options: nosniff` (no type guessing), and a
 * module may set neither, nor any header that changes how a browser treats the origin.
 */
import { errorAnswer } from './answer.js';
import type { Logger } from './logger.js';
import type { Answer } from './replay.js';

/**
 * Headers a handler may not set: those of the transport (Node sets them), and those that act on
 * the service's origin beyond this one answer (cookies, cached security policy, redirects of other
 * traffic, cross-origin reads, the service's own answer headers).
 */
export const BANNED_ANSWER_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'proxy-connection',
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
  'strict-transport-security',
  'alt-svc',
  'service-worker-allowed',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-expose-headers',
  'location',
  'refresh',
  'link',
  'webhook-replayed',
]);

/** The headers the service adds to every raw answer. */
export const RAW_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
};

/** An HTTP header name (a token, RFC 9110). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ONE_LINE = /^[^\r\n\0]*$/;
/** More headers than any sender needs; bounds the work of checking them. */
const MAX_HEADERS = 50;

function isOneLine(value: unknown, max = 8192): value is string {
  return typeof value === 'string' && value.length <= max && ONE_LINE.test(value);
}

/** Why a header set cannot be served, or undefined. */
export function headerProblem(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    return 'headers that are not an object';
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) return `more than ${MAX_HEADERS} headers`;
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name) || name.length > 256) return 'a header name that is not a token';
    if (BANNED_ANSWER_HEADERS.has(name.toLowerCase())) return `the banned header ${name}`;
    if (!isOneLine(value)) return `header ${name} without a one-line string value`;
  }
  return undefined;
}

/** Why `answer` cannot be served, or undefined when it can. */
export function answerProblem(answer: unknown, answerLimit: number): string | undefined {
  if (typeof answer !== 'object' || answer === null) return 'an answer that is not an object';
  const { status, body, base64, contentType, headers } = answer as Record<string, unknown>;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)
    return `status ${String(status).slice(0, 40)} (must be 200-599)`;
  if (typeof body !== 'string') return 'a body that is not a string';
  if (base64 !== undefined && typeof base64 !== 'boolean') return 'a base64 flag that is not a boolean';
  const bytes = base64 ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body);
  if (bytes > answerLimit) return `an answer of ${bytes} bytes (limit ${answerLimit})`;
  if (contentType !== undefined && !isOneLine(contentType, 256)) return 'a content type that is not one line';
  return headers === undefined ? undefined : headerProblem(headers);
}

/**
 * The answer to serve for what `module`.`method` answered: the answer itself when it passes
 * {@link answerProblem} (a raw answer with the service's own headers added), else 502, logged once.
 */
export function servable(
  answer: Answer,
  answerLimit: number,
  logger: Logger,
  module: string,
  method: string,
): Answer {
  const problem = answerProblem(answer, answerLimit);
  if (problem !== undefined) {
    logger.logf('[WARN] webhooks: %s.%s answered 502: its handler sent %s', module, method, problem);
    return errorAnswer('ERR_BAD_WORKER_ANSWER');
  }
  if (answer.contentType === undefined) return answer;
  return { ...answer, headers: { ...answer.headers, ...RAW_ANSWER_HEADERS } };
}
