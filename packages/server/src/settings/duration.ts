/**
 * @module settings/duration
 * Durations in the config file are strings like `15m`, `1h30m`, `744h` or `31d` (Go-style units plus
 * days), because a bare number hides its unit and a wrong unit is a security bug for token lifetimes.
 */

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const wholePattern = /^(?:\d+(?:ms|s|m|h|d))+$/;
const partPattern = /(\d+)(ms|s|m|h|d)/g;

/** Milliseconds of `text`, or `undefined` when it is not a duration like `15m` or `1h30m`. */
export function parseDuration(text: string): number | undefined {
  if (!wholePattern.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(partPattern)) {
    total += Number(amount) * unitMs[unit!]!;
  }
  return total;
}

/** Largest unit first, so a library's default reads as a person would write it (`7d`, not `168h`). */
const unitsDescending = Object.entries(unitMs).sort(([, a], [, b]) => b - a);

/** `ms` as the shortest duration text {@link parseDuration} reads back to it: `604800000` is `7d`. */
export function formatDuration(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`not a whole number of milliseconds: ${ms}`);
  if (ms === 0) return '0s';
  let rest = ms;
  let text = '';
  for (const [unit, size] of unitsDescending) {
    if (rest >= size) {
      text += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return text;
}
