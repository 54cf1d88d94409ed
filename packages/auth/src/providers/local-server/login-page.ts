/**
 * @module providers/local-server/login-page
 * The default login page of the local and dev OAuth 2.0 servers: a form that posts `username` (and
 * `password` when the server checks passwords) back to the same authorize URL with its query, so a
 * script can log in with one POST.
 */

export interface LoginPageModel {
  /** Where the form posts: the authorize path with the original query. */
  action: string;
  title: string;
  askPassword: boolean;
  /** Shown above the form, e.g. after a refused password. */
  error?: string;
  /** Pre-filled user name. */
  username?: string;
  /** A line under the title, e.g. the dev server's warning. */
  notice?: string;
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => entities[c]!);
}

export function renderLoginPage(m: LoginPageModel): string {
  const password = m.askPassword
    ? '<label>Password <input type="password" name="password" autocomplete="current-password"></label>'
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHTML(m.title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:4rem auto}label{display:block;margin:.8rem 0}
input{display:block;width:100%;padding:.4rem;font:inherit}.notice{color:#8a4b00}.error{color:#b00020}</style>
</head><body><h1>${escapeHTML(m.title)}</h1>
${m.notice ? `<p class="notice">${escapeHTML(m.notice)}</p>` : ''}
${m.error ? `<p class="error" role="alert">${escapeHTML(m.error)}</p>` : ''}
<form method="post" action="${escapeHTML(m.action)}">
<label>User name <input name="username" value="${escapeHTML(m.username ?? '')}" autofocus required autocomplete="username"></label>
${password}
<button type="submit">Log in</button>
</form></body></html>
`;
}
