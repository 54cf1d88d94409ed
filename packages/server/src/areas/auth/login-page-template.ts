/**
 * @module areas/auth/login-page-template
 * A local OAuth 2.0 server's login page from a template file (`loginPage.template`): an HTML page
 * whose form posts `username` and `password` to `{{.Action}}`; `{{.Error}}` is the refusal of the
 * previous attempt (empty at first). Values are HTML-escaped; any other placeholder is a mistake
 * found at start-up.
 */
import type { LoginPageHandler } from '@gatehouse/auth';

const PLACEHOLDER = /\{\{\s*\.([A-Za-z]+)\s*\}\}/g;
const KNOWN = ['Action', 'Error'];
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};

const escapeHTML = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Throws naming the first unknown placeholder, or when the page has no `{{.Action}}`. */
export function checkLoginPageTemplate(text: string): void {
  for (const [placeholder, name] of text.matchAll(PLACEHOLDER)) {
    if (!KNOWN.includes(name!)) {
      throw new Error(`unknown placeholder ${placeholder} in the login page (use {{.Action}}, {{.Error}})`);
    }
  }
  if (![...text.matchAll(PLACEHOLDER)].some(([, name]) => name === 'Action')) {
    throw new Error('the login page has no {{.Action}} (where its form posts)');
  }
}

/** The handler rendering `text`: 200 at first, 401 after a refused attempt. */
export function templateLoginPage(text: string): LoginPageHandler {
  return (_req, res, page) => {
    const values: Record<string, string> = { Action: page.action, Error: page.error ?? '' };
    const html = text.replace(PLACEHOLDER, (_all, name: string) => escapeHTML(values[name] ?? ''));
    res.writeHead(page.error ? 401 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
    });
    res.end(html);
  };
}
