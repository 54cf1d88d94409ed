/**
 * @module routes
 * The HTTP side of a webhook call, in the order a request meets it:
 * 1. onRequest (before any body byte is read): 403 outside the allowlist, 429 over the rate limit,
 *    405 for anything but POST, 401 for a missing or wrong `X-Webhook-Secret` (routes without a
 *    signature scheme, and unknown paths), 404 for a path, module or route that does not exist,
 *    415 for a body that is neither JSON nor a form;
 * 2. body read as raw bytes, 413 over the limit;
 * 3. handler: signature over the raw bytes (401), JSON object (400) or form fields, replay check,
 *    then dispatch.
 * All refusals are `{"error": "..."}` from the table in errors.ts, and each is logged once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer, JSON_TYPE, rejectionAnswer } from './answer.js';
import { servable } from './answer-policy.js';
import { type BodyKind, bodyKindOf, parseParams } from './body.js';
import { deliveryIdOf, replayKey } from './delivery.js';
import { BUSY, type CallTarget, dispatch } from './dispatch.js';
import { WebhookError, type WebhookErrorCode, webhookErrors } from './errors.js';
import { buildMeta } from './metadata.js';
import { RateLimiter } from './rate-limit.js';
import type { ModuleEntry, Webhooks } from './registry.js';
import type { Answer } from './replay.js';
import { parseRequestPath } from './route-path.js';
import { secretMatcher } from './secret.js';
import { KNOWN_SIGNATURE_HEADERS, signatureHeaderOf, verifySignature } from './signatures/verify.js';
import type { RouteEntry } from './types.js';

/** What the onRequest check found, for the handler. */
interface Target {
  readonly module: ModuleEntry;
  readonly route: RouteEntry;
  readonly call: CallTarget;
  readonly kind: BodyKind;
  readonly receivedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by @gatehouse/webhooks on its own routes only. */
    webhookTarget: unknown;
  }
}

const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];
const EMPTY = Buffer.alloc(0);
const HIDDEN = new Set(KNOWN_SIGNATURE_HEADERS);

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status).type(answer.contentType ?? JSON_TYPE);
  if (answer.headers) reply.headers(answer.headers);
  return reply.send(answer.base64 ? Buffer.from(answer.body, 'base64') : answer.body);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function hiddenHeaders(route: RouteEntry): ReadonlySet<string> {
  if (!route.signature) return HIDDEN;
  const header = signatureHeaderOf(route.signature);
  return HIDDEN.has(header) ? HIDDEN : new Set([...HIDDEN, header]);
}

/** Segments before the module: those of the route's full URL (outer prefixes included) minus `*`. */
function prefixSegmentsOf(request: FastifyRequest, cache: Map<string, number>): number {
  const url = request.routeOptions.url ?? '';
  let count = cache.get(url);
  if (count === undefined) {
    count = url.split('/').filter((s) => s.length > 0 && s !== '*').length;
    cache.set(url, count);
  }
  return count;
}

/** The request path without its query (which may carry tokens), for log lines. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0]!;
}

/**
 * Logs a refusal once: status, code, module and route (or the path), client, and the reason when
 * there is one (a variable name, a parse error). Never a header value or a secret.
 */
function logRefusal(webhooks: Webhooks, request: FastifyRequest, code: WebhookErrorCode, reason?: string) {
  const target = request.webhookTarget as Target | null;
  const where = target ? `module ${target.module.name}, route ${target.route.key}` : pathOf(request);
  webhooks.options.logger.logf(
    'webhooks: refused %s %s from %s: %d %s (%s)%s',
    request.method,
    pathOf(request),
    request.ip,
    webhookErrors[code].status,
    code,
    where,
    reason ? `: ${reason}` : '',
  );
}

/**
 * Callback style, not async: one promise less on the hot path. An early answer skips `done()`. The
 * rate limit, when there is one, waits for its (possibly shared) counter before the other checks.
 * The shared secret guards routes without a signature scheme: a signed route is authenticated by
 * its signature (GitHub, Stripe or Slack cannot send `X-Webhook-Secret`). Unknown paths need the
 * secret too, so a caller without it cannot probe which modules exist.
 */
function guard(webhooks: Webhooks) {
  const prefixes = new Map<string, number>();
  const { secret, allowedIps, rateLimit, stateStore } = webhooks.options;
  const matches = secret === undefined ? undefined : secretMatcher(secret);
  const limiter = rateLimit && new RateLimiter(rateLimit, stateStore);
  const refuse = (request: FastifyRequest, reply: FastifyReply, code: WebhookErrorCode) => {
    logRefusal(webhooks, request, code);
    sendAnswer(reply, errorAnswer(code));
  };
  const admit = (request: FastifyRequest, reply: FastifyReply, done: () => void, receivedAt: number) => {
    if (request.method !== 'POST') {
      reply.header('allow', 'POST');
      return refuse(request, reply, 'ERR_METHOD_NOT_ALLOWED');
    }
    const path = parseRequestPath(pathOf(request), prefixSegmentsOf(request, prefixes));
    const found = path && webhooks.resolve(path.module, path.route);
    if (matches && !(found?.found && found.route.signature)) {
      const sent = request.headers['x-webhook-secret'];
      if (!matches(Array.isArray(sent) ? sent.join(', ') : sent))
        return refuse(request, reply, 'ERR_SECRET_INVALID');
    }
    if (!found) return refuse(request, reply, 'ERR_BAD_PATH');
    if (!found.found) return refuse(request, reply, found.code);
    const kind = bodyKindOf(request.headers['content-type']);
    request.webhookTarget = {
      module: found.module,
      route: found.route,
      call: found.target,
      kind: kind ?? (found.route.raw ? 'other' : 'json'),
      receivedAt,
    } satisfies Target;
    if (kind === undefined && !found.route.raw && hasBody(request))
      return refuse(request, reply, 'ERR_UNSUPPORTED_MEDIA_TYPE');
    done();
  };
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const receivedAt = Date.now();
    if (allowedIps && !allowedIps(request.ip)) return refuse(request, reply, 'ERR_IP_NOT_ALLOWED');
    if (!limiter) return admit(request, reply, done, receivedAt);
    limiter.take(request.ip).then((wait) => {
      if (wait === 0) return admit(request, reply, done, receivedAt);
      reply.header('retry-after', String(wait));
      refuse(request, reply, 'ERR_RATE_LIMITED');
    }, done);
  };
}

/** A raw route parses what it can; what it cannot is left to the handler, which has the bytes. */
function parsedIfPossible(raw: Buffer, kind: BodyKind, maxDepth: number): Record<string, unknown> {
  try {
    return parseParams(raw, kind, maxDepth);
  } catch (err) {
    if (err instanceof WebhookError && err.code === 'ERR_TOO_DEEP') throw err; // never worth the risk
    return {};
  }
}

function handler(webhooks: Webhooks) {
  const { options } = webhooks;
  // Not async: checks throw synchronously to the error handler, the answer is sent when ready.
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const { module, route, call, kind, receivedAt } = request.webhookTarget as Target;
    const raw = Buffer.isBuffer(request.body) ? request.body : EMPTY;
    if (route.signature)
      verifySignature(route.signature, request.headers, raw, receivedAt, options.environment);
    // A fresh object from JSON.parse: adding _webhook to it (over any _webhook the body had) is safe.
    const params = route.raw
      ? parsedIfPossible(raw, kind, options.maxDepth)
      : parseParams(raw, kind, options.maxDepth);
    const id = deliveryIdOf(route, request.headers, params, options.deliveryHeaders);
    const meta = buildMeta(request.headers, request.url, receivedAt, hiddenHeaders(route));
    if (route.raw) meta.rawBody = raw;
    params._webhook = meta;
    const timeoutMs = route.timeoutMs ?? options.timeoutMs;
    const send = (answer: Answer) => {
      if (answer === BUSY) logRefusal(webhooks, request, 'ERR_BUSY');
      sendAnswer(reply, answer);
    };
    // Whatever ran the handler, its answer is checked before it is served (or stored for replays).
    const vet = (answer: Answer) =>
      servable(answer, options.answerLimit, options.logger, module.name, call.method);
    if (id === undefined) {
      const answer = dispatch(call, params, timeoutMs);
      if (answer instanceof Promise) answer.then((done) => send(vet(done)));
      else send(vet(answer));
      return;
    }
    const run = async () => vet(await dispatch(call, params, timeoutMs));
    const key = replayKey(module.name, route.key, id, request.url, raw);
    webhooks.replay.run(key, run, timeoutMs).then((outcome) => {
      if (outcome.kind === 'ran' || outcome.kind === 'replayed') {
        if (outcome.kind === 'replayed') reply.header('webhook-replayed', 'true');
        return send(outcome.answer);
      }
      const code = outcome.kind === 'in-progress' ? 'ERR_DELIVERY_IN_PROGRESS' : 'ERR_STATE_UNAVAILABLE';
      logRefusal(
        webhooks,
        request,
        code,
        outcome.kind === 'store-failed' ? String(outcome.error) : undefined,
      );
      sendAnswer(reply, errorAnswer(code));
    });
  };
}

function errorHandler(webhooks: Webhooks) {
  return (
    err: Error & { code?: string; statusCode?: number; expose?: boolean },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (err instanceof WebhookError) {
      // Only our own reasons (a variable name); a parser's message may quote the body.
      const cause = typeof err.cause === 'string' ? err.cause : undefined;
      logRefusal(webhooks, request, err.code, cause ?? err.detail);
      return sendAnswer(reply, errorAnswer(err.code, err.detail));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      logRefusal(webhooks, request, 'ERR_BODY_TOO_LARGE', `over ${webhooks.options.bodyLimit} bytes`);
      return sendAnswer(reply, errorAnswer('ERR_BODY_TOO_LARGE'));
    }
    const status = err.statusCode ?? 500;
    if (err.expose === true && status >= 400 && status < 500) {
      // A host's own 4xx meant for the client (http-errors' `expose`), e.g. its body depth guard.
      logRefusal(webhooks, request, 'ERR_BAD_REQUEST', err.message);
      return sendAnswer(reply, rejectionAnswer(status, err.message));
    }
    const code = status >= 400 && status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_HANDLER_FAILED';
    logRefusal(webhooks, request, code, String(err));
    return sendAnswer(reply, errorAnswer(code));
  };
}

/** Registers the webhook route in `app` (an encapsulated context: its body parser is raw bytes). */
export async function webhookRoutes(app: FastifyInstance, opts: { webhooks: Webhooks; mount: string }) {
  const { webhooks, mount: prefix } = opts;
  const bodyLimit = webhooks.options.bodyLimit;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
  app.decorateRequest('webhookTarget', null);
  app.setErrorHandler(errorHandler(webhooks));
  app.addHook('onRequest', guard(webhooks));
  const { inbox } = webhooks;
  if (inbox) {
    // Every request that named a module, whatever it was answered (a refused signature included).
    app.addHook('onResponse', (request, reply, done) => {
      const target = request.webhookTarget as Target | null;
      if (target) {
        const at = request.url.indexOf('?');
        inbox.add(
          {
            at: new Date(target.receivedAt).toISOString(),
            module: target.module.name,
            route: target.route.key,
            status: reply.statusCode,
            durationMs: Math.round(reply.elapsedTime),
            replayed: reply.getHeader('webhook-replayed') === 'true',
            query: at < 0 ? '' : request.url.slice(at + 1),
          },
          request.headers,
          Buffer.isBuffer(request.body) ? request.body : EMPTY,
          target.route.signature && signatureHeaderOf(target.route.signature),
        );
      }
      done();
    });
  }
  app.route({
    method: METHODS,
    url: `${prefix}/*`,
    bodyLimit,
    exposeHeadRoute: false,
    handler: handler(webhooks),
  });
}
