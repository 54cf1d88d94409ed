/**
 * @module providers/verify/template
 * The confirmation message template: `{{.Address}}`, `{{.User}}`, `{{.Token}}` and `{{.Site}}`
 * (spaces inside the braces allowed) are replaced by their values, nothing else is evaluated. For
 * an HTML message every value is HTML-escaped, so a user name cannot inject markup into the mail.
 * An unknown placeholder is a mistake of the integrator and fails at construction.
 */

export interface TemplateValues {
  Address: string;
  User: string;
  Token: string;
  Site: string;
}

// No {{.Site}}: a login that names no site would read "site " with nothing after it.
export const DEFAULT_TEMPLATE = 'Confirmation for {{.User}} {{.Address}}\n\nToken: {{.Token}}';

const PLACEHOLDER = /\{\{\s*\.([A-Za-z]+)\s*\}\}/g;
const KNOWN = new Set<string>(['Address', 'User', 'Token', 'Site']);
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/** True for `text/html` and `application/xhtml+xml`, with or without parameters. */
export function isHtmlContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

export class MessageTemplate {
  readonly #source: string;
  readonly #html: boolean;

  constructor(source: string = DEFAULT_TEMPLATE, options: { html?: boolean } = {}) {
    if (typeof source !== 'string' || source === '') {
      throw new TypeError('@gatehouse/auth: the verify message template must be a non-empty string');
    }
    for (const match of source.matchAll(PLACEHOLDER)) {
      if (!KNOWN.has(match[1] ?? '')) {
        throw new TypeError(
          `@gatehouse/auth: unknown placeholder ${match[0]} in the verify template (use {{.Address}}, {{.User}}, {{.Token}}, {{.Site}})`,
        );
      }
    }
    this.#source = source;
    this.#html = options.html === true;
  }

  render(values: TemplateValues): string {
    return this.#source.replace(PLACEHOLDER, (_all, name: keyof TemplateValues) =>
      this.#html ? escapeHtml(values[name]) : values[name],
    );
  }
}
