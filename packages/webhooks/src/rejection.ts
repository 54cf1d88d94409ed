/**
 * @module rejection
 * Lets a handler refuse a call with a client error (400-499) and a message of its own, e.g. a
 * missing parameter, instead of the generic 500 of a failure. Recognised by a registered symbol, so
 * a module that bundles its own copy of this package is understood too.
 */

const BRAND = Symbol.for('@gatehouse/webhooks.rejection');

export class WebhookRejection extends Error {
  readonly status: number;
  readonly [BRAND] = true;
  constructor(status: number, message: string) {
    super(message);
    if (!Number.isInteger(status) || status < 400 || status > 499) {
      throw new TypeError('@gatehouse/webhooks: WebhookRejection status must be 400-499');
    }
    this.name = 'WebhookRejection';
    this.status = status;
  }
}

/** Whether a thrown value is a {@link WebhookRejection} (from any copy of this package). */
export function isRejection(value: unknown): value is WebhookRejection {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
