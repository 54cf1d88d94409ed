/**
 * @module store/timestamps
 * Timestamps travel as fixed-width ISO-8601 UTC strings with milliseconds
 * (`2026-01-02T03:04:05.678Z`): text order equals time order, so SQLite can compare them as TEXT
 * and PostgreSQL casts them to timestamptz.
 */

/** Parses any ISO-8601 date-time (with offset) into the canonical form, or null if it is not one. */
export function canonicalTimestamp(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  // Years outside 0000-9999 print with a sign and would break the fixed width.
  return iso.length === 24 ? iso : null;
}
