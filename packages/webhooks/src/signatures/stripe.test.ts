import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyStripe } from './stripe.js';

const raw = Buffer.from('{"id":"evt_1"}');
const sig = (secret: string, t: number) => createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
const NOW = 1_800_000_000_000;
const t = NOW / 1000;

describe('verifyStripe', () => {
  it('accepts a matching v1 within the tolerance, on both sides of the clock', () => {
    expect(verifyStripe(`t=${t},v1=${sig('k', t)}`, raw, ['k'], 300, NOW)).toBe('ok');
    expect(verifyStripe(`t=${t - 300},v1=${sig('k', t - 300)}`, raw, ['k'], 300, NOW)).toBe('ok');
    expect(verifyStripe(`t=${t + 300},v1=${sig('k', t + 300)}`, raw, ['k'], 300, NOW)).toBe('ok');
  });
  it('calls a valid signature outside the window expired', () => {
    expect(verifyStripe(`t=${t - 301},v1=${sig('k', t - 301)}`, raw, ['k'], 300, NOW)).toBe('expired');
  });
  it.each([
    ['no header', undefined],
    ['no t', `v1=${sig('k', t)}`],
    ['no v1', `t=${t},v0=${sig('k', t)}`],
    ['bad t', `t=abc,v1=${sig('k', t)}`],
    ['wrong secret', `t=${t},v1=${sig('x', t)}`],
    ['garbage', 'hello'],
  ])('refuses %s', (_what, header) => {
    expect(verifyStripe(header, raw, ['k'], 300, NOW)).toBe('invalid');
  });
});
