/**
 * @module commands/body
 * Reads a command body: any content type (the terminus sends `application/json; charset=utf-8`,
 * some scripts send none), optionally gzip-compressed, at most `limit` bytes once decompressed.
 */

import { gunzipSync } from 'node:zlib';
import { CommandError } from './errors.js';

/** The option (and the service's config key) that sets the limit: named in every 413. */
export const COMMAND_BODY_LIMIT_KEY = 'resources.commandBodyLimit';

/** Decompresses (when asked) and parses the body; throws a `CommandError` otherwise. */
export function parseCommandBody(raw: Buffer, contentEncoding: string | undefined, limit: number): unknown {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  let bytes = raw;
  if (encoding === 'gzip') {
    try {
      bytes = gunzipSync(raw, { maxOutputLength: limit });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw tooLarge
        ? new CommandError(
            'ERR_CMD_TOO_LARGE',
            `The decompressed body is larger than ${limit} bytes (${COMMAND_BODY_LIMIT_KEY})`,
          )
        : new CommandError('ERR_CMD_MALFORMED', 'The body is not valid gzip data');
    }
  } else if (encoding !== 'identity') {
    throw new CommandError(
      'ERR_CMD_UNSUPPORTED_MEDIA',
      `Unsupported Content-Encoding '${encoding}' (use gzip or none)`,
    );
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '')
    throw new CommandError('ERR_CMD_MALFORMED', 'The body is empty; a JSON object is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CommandError('ERR_CMD_MALFORMED', `Malformed JSON in the body: ${(error as Error).message}`);
  }
  // PostgreSQL cannot store NUL in text or jsonb; refuse it up front on both engines alike.
  // The cheap text test finds every candidate; the walk rules out an escaped backslash.
  if (text.includes('\\u0000') && containsNul(parsed)) {
    throw new CommandError('ERR_CMD_INVALID_FIELD', 'Strings must not contain the NUL character (\\u0000)');
  }
  return parsed;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\0') || containsNul(v));
  }
  return false;
}
