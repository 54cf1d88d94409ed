/**
 * @module errors
 * Every way a webhook call can be refused, in one table: a stable `code`, the HTTP status and the
 * fixed message that goes into `{"error": "..."}`. Messages never echo request data or handler
 * detail; the detail goes to the logger. The README's error table is checked against this one.
 */

export const webhookErrors = {
  ERR_BAD_PATH: { status: 404, message: 'Not found. Use /webhook/{module}/{method}' },
  ERR_UNKNOWN_MODULE: { status: 404, message: 'unknown webhook module' },
  ERR_UNKNOWN_ROUTE: { status: 404, message: 'no such webhook route' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, message: 'method not allowed, use POST' },
  ERR_IP_NOT_ALLOWED: { status: 403, message: 'Source IP not in webhook allowlist' },
  ERR_RATE_LIMITED: { status: 429, message: 'Too many requests' },
  ERR_DELIVERY_IN_PROGRESS: { status: 409, message: 'this delivery is still being handled, retry later' },
  ERR_SECRET_INVALID: { status: 401, message: 'Invalid webhook secret' },
  ERR_SIGNATURE_INVALID: { status: 401, message: 'invalid webhook signature' },
  ERR_SIGNATURE_EXPIRED: { status: 401, message: 'webhook signature timestamp outside the tolerance window' },
  ERR_INVALID_JSON: { status: 400, message: 'Invalid JSON body' },
  ERR_TOO_DEEP: { status: 400, message: 'JSON body nested too deeply' },
  ERR_BAD_REQUEST: { status: 400, message: 'bad request' },
  ERR_BODY_TOO_LARGE: { status: 413, message: 'request body too large' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'unsupported media type, send JSON or a form' },
  ERR_HANDLER_FAILED: { status: 500, message: 'webhook handler failed' },
  ERR_SIGNATURE_MISCONFIGURED: { status: 500, message: 'webhook signature is misconfigured' },
  ERR_WORKER_CRASHED: { status: 500, message: 'webhook worker crashed' },
  ERR_WORKER_CHANNEL: { status: 500, message: 'webhook call could not be sent to its worker' },
  ERR_BAD_WORKER_ANSWER: { status: 502, message: 'webhook handler sent an answer that cannot be served' },
  ERR_BUSY: { status: 503, message: 'webhook module busy, retry later' },
  ERR_MODULE_UNAVAILABLE: { status: 503, message: 'webhook module unavailable' },
  ERR_STATE_UNAVAILABLE: { status: 503, message: 'webhook state store unavailable, retry later' },
  ERR_HANDLER_TIMEOUT: { status: 504, message: 'webhook handler timed out' },
} as const satisfies Record<string, { status: number; message: string }>;

export type WebhookErrorCode = keyof typeof webhookErrors;

/**
 * A refusal with a stable code; `message` is safe for the client, `cause` is for the logger only.
 * `detail` is our own text (the limit a body broke), safe for the client too: it follows the message.
 */
export class WebhookError extends Error {
  readonly code: WebhookErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  constructor(code: WebhookErrorCode, options?: { cause?: unknown; detail?: string }) {
    super(webhookErrors[code].message, options);
    this.name = 'WebhookError';
    this.code = code;
    this.status = webhookErrors[code].status;
    this.detail = options?.detail;
  }
}
