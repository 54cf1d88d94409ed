/**
 * The verified provider with the bundled e-mail sender against a real SMTP server on 127.0.0.1:
 * the message (headers and body) as received, then the login over real HTTP with the token read
 * from the received mail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail, type SmtpPeer, startSmtpPeer } from '../../../../test-support/smtp.js';
import type { User } from '../../src/index.js';
import { sessionOf, setCookies, withSession } from '../support/core/servers.js';
import { emailSender, tokenIn, verifyAppPerTest } from '../support/verify/verify-app.js';

const setup = verifyAppPerTest();
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const request = (url: string, query: Record<string, string>) =>
  fetch(`${url}/auth/email/login?${new URLSearchParams(query)}`);

describe('verified provider with the e-mail sender', () => {
  it('sends the token by SMTP with AUTH, then logs in with the token from the received mail', async () => {
    smtp = await startSmtpPeer({ credentials: { user: 'mailer', pass: 's3cret' } });
    const sender = emailSender(smtp.port, {
      smtpUserName: 'mailer',
      smtpPassword: 's3cret',
      subject: 'Your login code',
    });
    const { url } = await setup(sender);
    const res = await request(url, { user: ' alice ', address: 'alice@example.test', aud: 'site1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: 'alice', address: 'alice@example.test' });
    expect(res.headers.getSetCookie()).toEqual([]);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatchObject({
      from: 'no-reply@example.test',
      to: ['alice@example.test'],
      authUser: 'mailer',
    });
    const { headers, body } = parseMail(mail.raw);
    expect(headers.from).toBe('Gatehouse <no-reply@example.test>');
    expect(headers.to).toBe('alice@example.test');
    expect(headers.subject).toBe('Your login code');
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = body.toString('utf8').replace(/\r\n/g, '\n');
    expect(text).toMatch(/^Confirmation for alice alice@example\.test\n\nToken: /);

    const login = await fetch(`${url}/auth/email/login?token=${tokenIn(text)}&sess=1`);
    expect(login.status).toBe(200);
    const user = (await login.json()) as User;
    expect(user).toMatchObject({ name: 'alice', aud: 'site1' });
    expect(user.id).toMatch(/^email_[0-9a-f]{40}$/);
    const cookies = setCookies(login);
    expect(cookies.JWT!.attrs['max-age']).toBeUndefined();
    const me = await fetch(`${url}/auth/user`, withSession(sessionOf(login)));
    expect(await me.json()).toMatchObject({ name: 'alice', id: user.id });
  });

  it('HTML mail: placeholders are HTML-escaped, the charset is the configured one', async () => {
    smtp = await startSmtpPeer();
    const sender = emailSender(smtp.port, { contentType: 'text/html', charset: 'iso-8859-1' });
    const { url } = await setup(sender, {
      template: '<p>Hello {{.User}} ({{ .Address }})</p><a href="https://x.test/?t={{.Token}}">go</a>',
    });
    const res = await request(url, { user: '<b>Zoë</b> & "co"', address: 'z@example.test' });
    expect(res.status).toBe(200);
    const { headers, body } = parseMail(smtp.received[0]!.raw);
    expect(headers['content-type']).toBe('text/html; charset=iso-8859-1');
    const html = body.toString('latin1');
    expect(html).toContain('<p>Hello &lt;b&gt;Zoë&lt;/b&gt; &amp; &#34;co&#34; (z@example.test)</p>');
    expect(html).toMatch(
      /<a href="https:\/\/x\.test\/\?t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+">go<\/a>/,
    );
  });

  it('STARTTLS required: delivered over TLS to a self-signed server with insecureSkipVerify', async () => {
    smtp = await startSmtpPeer({ starttls: true });
    const { url } = await setup(emailSender(smtp.port, { startTLS: true, insecureSkipVerify: true }));
    const res = await request(url, { user: 'bob', address: 'bob@example.test' });
    expect(res.status).toBe(200);
    expect(smtp.received[0]!.secure).toBe(true);
  });

  it('STARTTLS to a self-signed server without insecureSkipVerify fails: 500, detail only in the log', async () => {
    smtp = await startSmtpPeer({ starttls: true });
    const { url, logger } = await setup(emailSender(smtp.port, { startTLS: true }));
    const res = await request(url, { user: 'bob', address: 'bob@example.test' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'failed to send confirmation' });
    expect(smtp.received).toHaveLength(0);
    expect(logger.text).toMatch(/email: confirmation not sent: .*certificate/i);
  });

  it('STARTTLS required but not offered: nothing is sent in clear', async () => {
    smtp = await startSmtpPeer();
    const { url } = await setup(emailSender(smtp.port, { startTLS: true }));
    const res = await request(url, { user: 'bob', address: 'bob@example.test' });
    expect(res.status).toBe(500);
    expect(smtp.received).toHaveLength(0);
  });

  it('a refused recipient or wrong SMTP password: 500 with a generic message, no cookie', async () => {
    smtp = await startSmtpPeer({ refuseRecipients: true });
    const first = await setup(emailSender(smtp.port));
    const refused = await request(first.url, { user: 'bob', address: 'nobody@example.test' });
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({ error: 'failed to send confirmation' });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(first.logger.text).toContain('mailbox unavailable');

    await smtp.close();
    smtp = await startSmtpPeer({ credentials: { user: 'mailer', pass: 'right' } });
    const second = await setup(emailSender(smtp.port, { smtpUserName: 'mailer', smtpPassword: 'wrong' }));
    const badAuth = await request(second.url, { user: 'bob', address: 'bob@example.test' });
    expect(badAuth.status).toBe(500);
    expect(smtp.received).toHaveLength(0);
    expect(second.logger.text).not.toContain('wrong');
  });
});

describe('EmailSender with a pool', () => {
  it('reuses one connection for several messages and closes it', async () => {
    smtp = await startSmtpPeer();
    let connections = 0;
    smtp.onConnect = () => {
      connections++;
    };
    const sender = emailSender(smtp.port, { poolSize: 1 });
    try {
      for (const n of [1, 2, 3]) await sender.send(`u${n}@example.test`, `message ${n}`);
    } finally {
      sender.close();
    }
    expect(smtp.received.map((m) => m.to[0])).toEqual([
      'u1@example.test',
      'u2@example.test',
      'u3@example.test',
    ]);
    expect(connections).toBe(1);
  });
});

describe('EmailSender options', () => {
  it('refuses a missing host or From, an unknown charset or content type', async () => {
    const { EmailSender } = await import('../../src/index.js');
    expect(() => new EmailSender({ host: '', from: 'a@b.test' })).toThrow(/host/);
    expect(() => new EmailSender({ host: 'h', from: '' })).toThrow(/From/);
    expect(() => new EmailSender({ host: 'h', from: 'a@b.test', charset: 'koi8-r' })).toThrow(/charset/);
    expect(() => new EmailSender({ host: 'h', from: 'a@b.test', poolSize: -1 })).toThrow(/poolSize/);
    expect(() => new EmailSender({ host: 'h', from: 'a@b.test', contentType: 'image/png' })).toThrow(
      /content type/,
    );
    expect(new EmailSender({ host: 'h', from: 'a@b.test', charset: 'UTF8' }).contentType).toBe(
      'text/plain; charset=utf-8',
    );
  });
});
