/**
 * @module areas/auth/home
 * `GET /` serves a small demo page (`public/index.html`): a control for every configured provider by
 * its kind (the direct form, a button per OAuth 2.0 provider, an address form for a verified
 * provider, the bot link with a waiting state for the messenger bot), "keep me signed in", the
 * token's user, log out. It uses only the public auth routes. The page's inline script and style
 * are allowed by their hashes in a strict Content-Security-Policy, so nothing else can run on it.
 * `server.homePage: false` turns it off.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Area } from '../area.js';
import type { AuthConfig } from './config.js';
import type { AuthSetup } from './setup.js';

const pageFile = new URL('../../../public/index.html', import.meta.url);

/** `'sha256-...'` sources for every inline `<tag>` block of `html`. */
function inlineHashes(html: string, tag: 'script' | 'style'): string {
  const blocks = html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'));
  return [...blocks]
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
    .join(' ');
}

/** Which control the page shows for a provider. */
export type ControlKind = 'direct' | 'oauth' | 'verify' | 'bot';

/** What the page is told: its providers and the XSRF cookie and header names. */
export interface PageSettings {
  providers: { name: string; kind: ControlKind }[];
  xsrfCookie: string;
  xsrfHeader: string;
}

/** The providers the configuration registers, in the order of the start-up summary. */
export function pageSettings(auth: AuthConfig, hooks: AuthSetup['hooks']): PageSettings {
  const providers: PageSettings['providers'] = [];
  if (auth.direct.enabled) providers.push({ name: auth.direct.name, kind: 'direct' });
  for (const entry of auth.providers) {
    const name = 'name' in entry ? entry.name : entry.kind;
    const kind = entry.kind === 'verify' ? 'verify' : entry.kind === 'telegram' ? 'bot' : 'oauth';
    providers.push({ name, kind });
  }
  // A provider of the hooks module starts with a link to its login route, as OAuth 2.0 ones do.
  for (const provider of hooks?.hooks.providers ?? []) providers.push({ name: provider.name, kind: 'oauth' });
  if (auth.dev.enabled) providers.push({ name: 'dev', kind: 'oauth' });
  return { providers, xsrfCookie: auth.cookies.xsrfName, xsrfHeader: auth.headers.xsrf };
}

const attributeEntities: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** The page with its settings, and the CSP that allows exactly its inline code. */
export function homePage(settings: PageSettings, serviceURL: string): { html: string; csp: string } {
  const content = JSON.stringify(settings).replace(/[&"<>]/g, (c) => attributeEntities[c]!);
  const html = readFileSync(pageFile, 'utf8').replace(
    '<meta name="gatehouse-page" content="{}">',
    `<meta name="gatehouse-page" content="${content}">`,
  );
  const csp = [
    "default-src 'none'",
    `script-src ${inlineHashes(html, 'script')}`,
    `style-src ${inlineHashes(html, 'style')}`,
    "connect-src 'self'",
    `img-src 'self' ${new URL(serviceURL).origin} data: https:`, // avatar links name the service URL
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}

const homeSchema = {
  tags: ['auth'],
  summary: 'The demo login page (server.homePage)',
  response: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
};

/** Whether the page is on, and the `auth` section and hooks module whose providers it lists. */
export interface HomeSettings {
  readonly server: { readonly homePage: boolean };
  readonly auth: AuthConfig;
  readonly authSetup: AuthSetup;
}

export const homeArea: Area<HomeSettings> = async (app, { serviceURL, announce }, config) => {
  if (!config.server.homePage) return;
  const { html, csp } = homePage(pageSettings(config.auth, config.authSetup.hooks), serviceURL);
  app.get('/', { schema: homeSchema }, async (_request, reply) => {
    reply.headers({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
  announce('demo page: GET / (turn off with server.homePage: false)');
};
