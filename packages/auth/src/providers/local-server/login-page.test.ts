import { describe, expect, it } from 'vitest';
import { renderLoginPage } from './login-page.js';

describe('the default login page', () => {
  it('escapes everything it shows', () => {
    const html = renderLoginPage({
      action: '/authorize?a=1&b="><script>',
      title: '<T>',
      askPassword: false,
      error: '<b>x</b>',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('action="/authorize?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('&lt;T&gt;');
    expect(html).not.toContain('name="password"');
  });

  it('asks for a password when the server checks one', () => {
    expect(renderLoginPage({ action: '/a', title: 't', askPassword: true })).toContain('name="password"');
  });
});
