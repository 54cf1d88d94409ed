/**
 * @module areas/auth/verify-provider
 * Builds a verified provider (`"kind": "verify"`) from its config entry: the confirmation message
 * from the template file (or a link to this service's confirmation route), sent by the bundled
 * e-mail sender (`smtp`, the password from the variable `passwordEnv` names) or by a sender the
 * hooks module exports. Redeemed links are remembered in the service's state store.
 */
import { EmailSender, type Sender, type SendFunc, VerifyProvider } from '@gatehouse/auth';
import { namedHook } from './hook-references.js';
import type { ProviderParts } from './provider-parts.js';
import type { ProviderEntry } from './providers-config.js';

export type VerifyEntry = Extract<ProviderEntry, { kind: 'verify' }>;

/** The message without a template file: the link that logs the user in. */
function defaultTemplate(loginURL: string): string {
  return [
    'Hello {{.User}},',
    '',
    // No {{.Site}}: a login that names no site would read "log in to  as ...".
    'open this link to log in as {{.Address}}:',
    `${loginURL}?token={{.Token}}`,
    '',
    'It works once. If you did not ask for it, ignore this message.',
    '',
  ].join('\n');
}

function emailSender(
  smtp: NonNullable<VerifyEntry['smtp']>,
  index: number,
  parts: ProviderParts,
): EmailSender {
  const { username, passwordEnv, ...rest } = smtp;
  return new EmailSender({
    ...rest,
    ...(username !== undefined ? { smtpUserName: username } : {}),
    ...(passwordEnv !== undefined
      ? { smtpPassword: parts.secretAt(`auth.providers.${index}.smtp.passwordEnv`) }
      : {}),
  });
}

export function verifyProviderFromConfig(
  entry: VerifyEntry,
  index: number,
  parts: ProviderParts,
): VerifyProvider {
  const sender: Sender | SendFunc = entry.smtp
    ? emailSender(entry.smtp, index, parts)
    : namedHook(parts.setup.hooks, 'senders', entry.sender!);
  const template =
    parts.setup.templates.get(`auth.providers.${index}.template`) ??
    defaultTemplate(parts.loginURL(entry.name));
  return new VerifyProvider({
    name: entry.name,
    sender,
    template,
    tokenTtlSeconds: Math.max(1, Math.round(entry.tokenTtl / 1000)),
  });
}
