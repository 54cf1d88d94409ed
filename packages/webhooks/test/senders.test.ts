/**
 * Senders as they are: JSON arrays and scalars (SendGrid posts an array), JSON sent as text/plain
 * (AWS SNS), the raw body bytes for a handler that asks (`@raw`), and raw answers (a challenge echo,
 * TwiML, an empty 204) through `webhookAnswer`. Real HTTP, in a worker process and in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

const MODULE = `
// What webhookAnswer() returns: a module without this package sets the registered symbol itself.
const answer = (init) => ({ ...init, [Symbol.for('@gatehouse/webhooks.answer')]: true });

export default class Senders {
  handleEcho(p) {
    const { _webhook, ...rest } = p;
    return rest;
  }
  /** @raw */
  handleRaw(p) {
    const raw = p._webhook.rawBody;
    return { isBuffer: Buffer.isBuffer(raw), hex: raw.toString('hex'), parsed: p.n ?? null };
  }
  handleChallenge(p) {
    return answer({ body: p.challenge, headers: { 'content-type': 'text/plain' } });
  }
  handleTwiml() {
    return answer({ headers: { 'Content-Type': 'text/xml', 'X-Extra': 'yes' }, body: '<Response><Say>hi</Say></Response>' });
  }
  handleEmpty() {
    return answer({ status: 204 });
  }
  handleBytes() {
    return answer({ body: new Uint8Array([0, 255, 10]) });
  }
  handleBadHeader() {
    return answer({ headers: { 'Set-Cookie': 'JWT=stolen' }, body: 'x' });
  }
}
`;

for (const isolation of ['process', 'none'] as const) {
  describe(`senders (isolation ${isolation})`, () => {
    let svc: TestService;
    beforeAll(async () => {
      svc = await startService({ 'senders.js': MODULE }, { isolation });
    });
    afterAll(() => svc.close());

    it.each([
      [
        'an array (SendGrid)',
        '[{"event":"delivered"},{"event":"open"}]',
        { _body: [{ event: 'delivered' }, { event: 'open' }] },
      ],
      ['a string', '"hello"', { _body: 'hello' }],
      ['a number', '42', { _body: 42 }],
      ['null', 'null', { _body: null }],
      ['an object', '{"a":1}', { a: 1 }],
    ])('hands a JSON body that is %s to the handler', async (_what, body, expected) => {
      expect((await post(svc.base, '/webhook/senders/handleEcho', body)).body).toEqual({
        success: true,
        data: expected,
      });
    });

    it('takes JSON sent as text/plain when it parses (AWS SNS), and refuses other text with 415', async () => {
      const sns = '{"Type":"Notification","Message":"hi"}';
      const ok = await post(svc.base, '/webhook/senders/handleEcho', sns, {
        'content-type': 'text/plain; charset=UTF-8',
      });
      expect(ok.body).toEqual({ success: true, data: { Type: 'Notification', Message: 'hi' } });
      const text = await post(svc.base, '/webhook/senders/handleEcho', 'just words', {
        'content-type': 'text/plain',
      });
      expect([text.status, text.body]).toEqual([
        415,
        { error: 'unsupported media type, send JSON or a form' },
      ]);
    });

    it('gives a @raw handler the exact bytes, of any content type', async () => {
      const bytes = Buffer.from([0x3c, 0x78, 0xff, 0x00, 0x3e]);
      const res = await fetch(`${svc.base}/webhook/senders/handleRaw`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: bytes,
      });
      expect(await res.json()).toEqual({
        success: true,
        data: { isBuffer: true, hex: '3c78ff003e', parsed: null },
      });
      const json = await post(svc.base, '/webhook/senders/handleRaw', '{"n": 7}');
      expect(json.body).toEqual({
        success: true,
        data: { isBuffer: true, hex: Buffer.from('{"n": 7}').toString('hex'), parsed: 7 },
      });
    });

    it('sends raw answers as they are: a challenge, TwiML, an empty 204, bytes', async () => {
      const challenge = await post(svc.base, '/webhook/senders/handleChallenge', { challenge: 'abc123' });
      expect([challenge.status, challenge.headers.get('content-type'), challenge.text]).toEqual([
        200,
        'text/plain',
        'abc123',
      ]);
      const twiml = await post(svc.base, '/webhook/senders/handleTwiml');
      expect([twiml.headers.get('content-type'), twiml.headers.get('x-extra'), twiml.text]).toEqual([
        'text/xml',
        'yes',
        '<Response><Say>hi</Say></Response>',
      ]);
      const empty = await post(svc.base, '/webhook/senders/handleEmpty');
      expect([empty.status, empty.text]).toEqual([204, '']);
      const bytes = await fetch(`${svc.base}/webhook/senders/handleBytes`, { method: 'POST' });
      expect([bytes.headers.get('content-type'), [...new Uint8Array(await bytes.arrayBuffer())]]).toEqual([
        'application/octet-stream',
        [0, 255, 10],
      ]);
    });

    it('refuses a raw answer that sets a header of the transport or the origin (500, logged)', async () => {
      const res = await post(svc.base, '/webhook/senders/handleBadHeader');
      expect([res.status, res.headers.get('set-cookie'), res.body]).toEqual([
        500,
        null,
        { error: 'webhook handler failed' },
      ]);
      expect(
        svc.lines.some(
          (l) => l.includes('senders.handleBadHeader returned a bad raw answer') && l.includes('Set-Cookie'),
        ),
      ).toBe(true);
    });
  });
}
