import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signStandardWebhook, standardWebhooksKey, verifyStandardWebhooks } from './standard-webhooks.js';

// The specification's published test vector (repeated in its reference libraries' tests).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const PAYLOAD = Buffer.from('{"test": 2432232314}');
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const key = standardWebhooksKey(SECRET) as Buffer;
const at = (seconds: number) => seconds * 1000;
const headers = (signature: string, timestamp = String(TIMESTAMP), id = ID) => ({ id, timestamp, signature });

describe('Standard Webhooks', () => {
  it('signs and verifies the specification test vector', () => {
    expect(signStandardWebhook(key, ID, TIMESTAMP, PAYLOAD)).toBe(SIGNATURE);
    expect(verifyStandardWebhooks(headers(SIGNATURE), PAYLOAD, [key], 300, at(TIMESTAMP))).toBe('ok');
  });

  it('agrees with the reference library (npm standardwebhooks)', () => {
    expect(new Webhook(SECRET).sign(ID, new Date(at(TIMESTAMP)), PAYLOAD.toString())).toBe(SIGNATURE);
    const now = Math.floor(Date.now() / 1000);
    const body = '{"type":"invoice.paid","n":[1,2,3]}';
    const signature = new Webhook(SECRET).sign('msg_2', new Date(at(now)), body);
    expect(
      verifyStandardWebhooks(
        headers(signature, String(now), 'msg_2'),
        Buffer.from(body),
        [key],
        300,
        Date.now(),
      ),
    ).toBe('ok');
  });

  it('tries every v1 entry (rotation), skips other versions, and any configured key', () => {
    const other = standardWebhooksKey(`whsec_${Buffer.alloc(32, 7).toString('base64')}`) as Buffer;
    const several = `v1a,AAAA v1,${Buffer.alloc(32).toString('base64')} ${SIGNATURE}`;
    expect(verifyStandardWebhooks(headers(several), PAYLOAD, [key], 300, at(TIMESTAMP))).toBe('ok');
    expect(verifyStandardWebhooks(headers(SIGNATURE), PAYLOAD, [other, key], 300, at(TIMESTAMP))).toBe('ok');
  });

  it('calls a valid signature outside the tolerance expired, on both sides of the clock', () => {
    expect(verifyStandardWebhooks(headers(SIGNATURE), PAYLOAD, [key], 300, at(TIMESTAMP + 300))).toBe('ok');
    expect(verifyStandardWebhooks(headers(SIGNATURE), PAYLOAD, [key], 300, at(TIMESTAMP + 301))).toBe(
      'expired',
    );
    expect(verifyStandardWebhooks(headers(SIGNATURE), PAYLOAD, [key], 300, at(TIMESTAMP - 301))).toBe(
      'expired',
    );
  });

  it.each([
    ['another body', headers(SIGNATURE), Buffer.from('{"test": 2432232315}')],
    ['another id', headers(SIGNATURE, String(TIMESTAMP), 'msg_other'), PAYLOAD],
    ['another timestamp', headers(SIGNATURE, String(TIMESTAMP + 1)), PAYLOAD],
    ['an id with a dot', headers(SIGNATURE, String(TIMESTAMP), 'msg.x'), PAYLOAD],
    ['no v1 entry', headers(SIGNATURE.replace('v1,', 'v2,')), PAYLOAD],
    ['a non-numeric timestamp', headers(SIGNATURE, '16e8'), PAYLOAD],
  ])('refuses %s', (_what, sent, body) => {
    expect(verifyStandardWebhooks(sent, body, [key], 300, at(TIMESTAMP))).toBe('invalid');
  });

  it('takes whsec_ secrets of 24-64 bytes and says why another is not one', () => {
    expect(standardWebhooksKey(SECRET)).toHaveLength(24);
    expect(standardWebhooksKey('whsec_not base64!')).toBe('is not whsec_ followed by base64');
    expect(standardWebhooksKey(`whsec_${Buffer.alloc(16).toString('base64')}`)).toBe(
      'decodes to 16 bytes, the specification asks for 24-64',
    );
  });
});
