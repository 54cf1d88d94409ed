import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySlack } from './slack.js';
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

describe('verifySlack', () => {
  const slackSig = (secret: string, ts: number) =>
    `v0=${createHmac('sha256', secret).update(`v0:${ts}:${raw}`).digest('hex')}`;
  it('accepts v0 over v0:<ts>:<body> within the tolerance', () => {
    expect(verifySlack(slackSig('k', t), String(t), raw, ['k'], 300, NOW)).toBe('ok');
    expect(verifySlack(slackSig('k', t - 301), String(t - 301), raw, ['k'], 300, NOW)).toBe('expired');
  });
  it.each([
    ['no signature', undefined, String(t)],
    ['no timestamp', slackSig('k', t), undefined],
    ['another timestamp', slackSig('k', t), String(t + 1)],
    ['another secret', slackSig('x', t), String(t)],
    ['no v0=', slackSig('k', t).slice(3), String(t)],
  ])('refuses %s', (_what, signature, timestamp) => {
    expect(verifySlack(signature, timestamp, raw, ['k'], 300, NOW)).toBe('invalid');
  });
});
