import { describe, expect, it } from 'vitest';
import { cleanField } from './input.js';
import { DEFAULT_TEMPLATE, escapeHtml, isHtmlContentType, MessageTemplate } from './template.js';

const values = { Address: 'a@x.test', User: '<i>"Bo"</i> & \'co\'', Token: 'T.O.K', Site: 'site1' };

describe('MessageTemplate', () => {
  it('replaces the four placeholders, spaces inside braces allowed, and nothing else', () => {
    const t = new MessageTemplate('{{.User}}|{{ .Address }}|{{.Token}}|{{.Site}}|{{.User}}|{{ x }}');
    expect(t.render(values)).toBe(`${values.User}|a@x.test|T.O.K|site1|${values.User}|{{ x }}`);
    expect(new MessageTemplate().render(values)).toBe(
      DEFAULT_TEMPLATE.replace('{{.User}}', values.User)
        .replace('{{.Address}}', 'a@x.test')
        .replace('{{.Site}}', 'site1')
        .replace('{{.Token}}', 'T.O.K'),
    );
  });

  it('escapes values, not the template, for HTML', () => {
    const t = new MessageTemplate('<b>{{.User}}</b>', { html: true });
    expect(t.render(values)).toBe('<b>&lt;i&gt;&#34;Bo&#34;&lt;/i&gt; &amp; &#39;co&#39;</b>');
    expect(escapeHtml('$& $1')).toBe('$&amp; $1');
  });

  it('refuses an unknown placeholder or an empty template', () => {
    expect(() => new MessageTemplate('{{.Secret}}')).toThrow(TypeError);
    expect(() => new MessageTemplate('')).toThrow(TypeError);
  });

  it('knows HTML content types with and without parameters', () => {
    expect(isHtmlContentType('text/html; charset=utf-8')).toBe(true);
    expect(isHtmlContentType('TEXT/HTML')).toBe(true);
    expect(isHtmlContentType('text/plain')).toBe(false);
    expect(isHtmlContentType(undefined)).toBe(false);
  });
});

describe('cleanField', () => {
  it('flattens control characters, trims, and cuts at 128 bytes on a character boundary', () => {
    expect(cleanField('  a\r\nb\t\u0000c  ')).toBe('a b c');
    expect(cleanField(null)).toBe('');
    expect(cleanField('x'.repeat(200))).toHaveLength(128);
    const emoji = cleanField('😀'.repeat(40));
    expect(Buffer.byteLength(emoji)).toBe(128);
    expect(cleanField(`${'a'.repeat(127)}é`)).toBe('a'.repeat(127));
  });
});
