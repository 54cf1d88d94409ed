import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['10s', 10_000],
    ['15m', 900_000],
    ['1h30m', 5_400_000],
    ['744h', 744 * 3_600_000],
    ['31d', 31 * 86_400_000],
    ['1d2h3m4s5ms', 86_400_000 + 7_200_000 + 180_000 + 4_000 + 5],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '15', 'm', '15 m', '1.5h', '-5m', '15min', '1h 30m', '15M'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [250, '250ms'],
    [30_000, '30s'],
    [3_600_000, '1h'],
    [604_800_000, '7d'],
    [5_400_000, '1h30m'],
    [86_400_000 + 7_200_000 + 180_000 + 4_000 + 5, '1d2h3m4s5ms'],
  ])('%d ms is %s, which reads back as the same', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(parseDuration(text)).toBe(ms);
  });
});
