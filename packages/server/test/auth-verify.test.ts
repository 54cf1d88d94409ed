/**
 * The verified provider from the config file, through the running service over real HTTP, with a
 * real SMTP server on 127.0.0.1 (STARTTLS with a test certificate, AUTH): every SMTP parameter, the
 * password from an environment variable, the message from a template file; the link in the
 * received message logs in once and is refused after. A sender from the hooks module works too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail, type SmtpPeer, startSmtpPeer } from '../../../test-support/smtp.js';
import { useApps } from './support/app.js';
import { useTempDirs } from './support/temp.js';

const start = useApps();
const tempDir = useTempDirs();
let smtp: SmtpPeer | undefined;

afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const template =
  'Hi {{.User}} ({{.Address}}), your link for {{.Site}}: http://gate.test/auth/email/login?token={{.Token}}\n';

function writeFile(name: string, text: string): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

function tokenIn(text: string): string {
  return /token=([A-Za-z0-9._-]+)/.exec(text)![1]!;
}

describe('a verify provider with the bundled SMTP sender', () => {
  it('sends the template through a real SMTP server and the link logs in once', async () => {
    smtp = await startSmtpPeer({ credentials: { user: 'mailer', pass: 'smtp-password' }, starttls: true });
    const { url, logs } = await start(
      {
        auth: {
          providers: [
            {
              kind: 'verify',
              name: 'email',
              template: writeFile('confirm.txt', template),
              smtp: {
                host: '127.0.0.1',
                port: smtp.port,
                username: 'mailer',
                passwordEnv: 'SMTP_PASSWORD',
                startTLS: true,
                insecureSkipVerify: true,
                from: 'Gatehouse <gate@example.test>',
                subject: 'Your login link',
                contentType: 'text/plain',
                charset: 'iso-8859-1',
              },
            },
          ],
        },
      },
      { SMTP_PASSWORD: 'smtp-password' },
    );
    const sent = await fetch(`${url}/auth/email/login?user=Zoë&address=zoe@example.test&site=blog`);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ user: 'Zoë', address: 'zoe@example.test' });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatchObject({
      from: 'gate@example.test',
      to: ['zoe@example.test'],
      authUser: 'mailer',
      secure: true,
    });
    const { headers, body } = parseMail(mail.raw);
    expect(headers.subject).toBe('Your login link');
    expect(headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    const text = body.toString('latin1');
    expect(text).toMatch(
      /^Hi Zoë \(zoe@example\.test\), your link for blog: http:\/\/gate\.test\/auth\/email\/login\?token=/,
    );

    const token = tokenIn(text);
    const first = await fetch(`${url}/auth/email/login?token=${token}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ name: 'Zoë', aud: 'blog' });
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith('JWT='))).toBe(true);
    const again = await fetch(`${url}/auth/email/login?token=${token}`);
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith('JWT='))).toBe(false);
    expect(logs.join('\n')).not.toContain('smtp-password');
  });

  it('links to the service itself without a template, and refuses a wrong SMTP password', async () => {
    smtp = await startSmtpPeer({ credentials: { user: 'mailer', pass: 'smtp-password' } });
    const smtpConfig = {
      host: '127.0.0.1',
      port: smtp.port,
      username: 'mailer',
      passwordEnv: 'SMTP_PASSWORD',
      from: 'gate@example.test',
    };
    const config = { auth: { providers: [{ kind: 'verify', name: 'email', smtp: smtpConfig }] } };
    const { url, config: loaded } = await start(config, { SMTP_PASSWORD: 'smtp-password' });
    expect((await fetch(`${url}/auth/email/login?user=ann&address=ann@example.test`)).status).toBe(200);
    const text = parseMail(smtp.received[0]!.raw).body.toString();
    expect(text).toContain(`${loaded.server.url ?? 'http://127.0.0.1:8080'}/auth/email/login?token=`);

    const wrong = await start(config, { SMTP_PASSWORD: 'not-the-password' });
    const failed = await fetch(`${wrong.url}/auth/email/login?user=ann&address=ann@example.test`);
    expect(failed.status).toBe(500);
    expect(wrong.logs.join('\n')).not.toContain('not-the-password');
  });
});

describe('a verify provider with a sender from the hooks module', () => {
  it('hands the message to the module’s sender', async () => {
    const outbox = join(tempDir(), 'outbox.txt');
    const hooks = writeFile(
      'auth-hooks.js',
      `import { appendFileSync } from 'node:fs';\nexport const senders = { file: async (address, text) => appendFileSync(${JSON.stringify(outbox)}, address + '\\n' + text) };\n`,
    );
    const { url } = await start({
      auth: { hooks, providers: [{ kind: 'verify', name: 'chat', sender: 'file' }] },
    });
    expect((await fetch(`${url}/auth/chat/login?user=bob&address=@bob`)).status).toBe(200);
    const message = readFileSync(outbox, 'utf8');
    expect(message.startsWith('@bob\n')).toBe(true);
    expect((await fetch(`${url}/auth/chat/login?token=${tokenIn(message)}`)).status).toBe(200);
  });
});
