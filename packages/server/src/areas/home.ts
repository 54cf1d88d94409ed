/**
 * @module areas/home
 * `GET /` serves a small demo page (`public/index.html`): log in with the direct provider or any
 * OAuth provider, see the token's user, log out. It uses only the public auth routes. The page's
 * inline script and style are allowed by their hashes in a strict Content-Security-Policy, so
 * nothing else can run on it. `server.homePage: false` turns it off.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Area } from './area.js';

const pageFile = new URL('../../public/index.html', import.meta.url);

/** `'sha256-...'` sources for every inline `<tag>` block of `html`. */
function inlineHashes(html: string, tag: 'script' | 'style'): string {
  const blocks = html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'));
  return [...blocks]
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
    .join(' ');
}

/** The page with the direct provider's configured name, and the CSP that allows exactly its inline code. */
export function homePage(directProvider: string, serviceURL: string): { html: string; csp: string } {
  const html = readFileSync(pageFile, 'utf8').replace(
    '<meta name="gatehouse-direct-provider" content="local">',
    `<meta name="gatehouse-direct-provider" content="${directProvider}">`,
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

export const homeArea: Area = async (app, { config, serviceURL, announce }) => {
  if (!config.server.homePage) return;
  const { html, csp } = homePage(config.auth.direct.name, serviceURL);
  app.get('/', async (_request, reply) => {
    reply.headers({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
  announce('demo page: GET / (turn off with server.homePage: false)');
};
