/**
 * @module signatures/slack
 * Slack: `X-Slack-Signature: v0=<hex>` is the HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<raw
 * body>`, and the timestamp must lie within the tolerance of our clock (Slack asks for 5 minutes).
 * The Events API's `event_id` in the body is the delivery id.
 */
import { decodeDigest, digestMatches, hmacSha256 } from './hmac.js';

export const SLACK_SIGNATURE_HEADER = 'x-slack-signature';
export const SLACK_TIMESTAMP_HEADER = 'x-slack-request-timestamp';

export type TimedVerdict = 'ok' | 'invalid' | 'expired';

export function verifySlack(
  signature: string | undefined,
  timestamp: string | undefined,
  raw: Buffer,
  secrets: readonly string[],
  toleranceSec: number,
  nowMs: number,
): TimedVerdict {
  if (signature === undefined || timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return 'invalid';
  if (!signature.startsWith('v0=')) return 'invalid';
  const claimed = decodeDigest(signature.slice(3), 'hex');
  if (claimed === undefined) return 'invalid';
  const matches = secrets.some((secret) =>
    digestMatches(claimed, hmacSha256(secret, `v0:${timestamp}:`, raw)),
  );
  if (!matches) return 'invalid';
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= toleranceSec ? 'ok' : 'expired';
}
