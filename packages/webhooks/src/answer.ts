/**
 * @module answer
 * The JSON answers of the endpoint: `{"success": true, "data": …}` on success (no `data` key for
 * an `undefined` result, as the reference does), `{"error": "…"}` otherwise.
 */
import { type WebhookErrorCode, webhookErrors } from './errors.js';
import type { Answer } from './replay.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function successAnswer(data: unknown): Answer {
  return { status: 200, body: JSON.stringify({ success: true, data }) };
}

/** The refusal of `code`; `detail` (our own words, never request data) follows the fixed message. */
export function errorAnswer(code: WebhookErrorCode, detail?: string): Answer {
  const { status } = webhookErrors[code];
  const message =
    detail === undefined ? webhookErrors[code].message : `${webhookErrors[code].message}: ${detail}`;
  const headers: Record<string, string> | undefined =
    code === 'ERR_BUSY' || code === 'ERR_DELIVERY_IN_PROGRESS' || code === 'ERR_STATE_UNAVAILABLE'
      ? { 'retry-after': '1' }
      : undefined;
  return { status, body: JSON.stringify({ error: message }), ...(headers ? { headers } : {}) };
}

export function rejectionAnswer(status: number, message: string): Answer {
  return { status, body: JSON.stringify({ error: message }) };
}
