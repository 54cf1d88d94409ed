/**
 * @module settings/fields
 * The field types the config sections share, each with an error message that says what was
 * expected; {@link formatConfigIssue} appends what was given.
 */
import * as z from 'zod';
import { formatDuration, parseDuration } from './duration.js';

const expectedDuration = 'expected a duration like "15m" (units ms, s, m, h, d)';

/**
 * A duration string (`15m`, `1h30m`, `31d`), parsed to milliseconds. The default is a text, or a
 * library's default in milliseconds as it exports it (shown as text in `config show`).
 */
export function duration(defaultValue: string | number) {
  const defaultText = typeof defaultValue === 'number' ? formatDuration(defaultValue) : defaultValue;
  return z
    .string({ error: expectedDuration })
    .refine((text) => parseDuration(text) !== undefined, { error: expectedDuration })
    .transform((text) => parseDuration(text)!)
    .prefault(defaultText);
}

/** A whole number of `what` (calls, bytes, threads...), at least `min`. */
export const count = (what: string, min: number) =>
  z
    .int({ error: `expected a whole number of ${what}` })
    .min(min, { error: `expected at least ${min} ${what}` });

/** A TCP port; 0 asks the system for a free one. */
const expectedPort = 'expected an integer port 0-65535';
export const port = z
  .int({ error: expectedPort })
  .min(0, { error: expectedPort })
  .max(65535, { error: expectedPort });

/** A non-empty string without surrounding blanks. */
export const text = z
  .string({ error: 'expected a string' })
  .trim()
  .min(1, { error: 'expected a non-empty string' });

/** An absolute http(s) URL without a trailing slash, as a service's external base URL. */
export const baseURL = z
  .string({ error: 'expected an http(s) URL like "https://gate.example.com"' })
  .refine((value) => /^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?$/.test(value) && URL.canParse(value), {
    error: 'expected an http(s) URL like "https://gate.example.com"',
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const stringList = z.array(text, { error: 'expected a list of strings' });
