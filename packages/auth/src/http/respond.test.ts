import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors.js';
import { addCookies, errorResponse, json } from './respond.js';

describe('responses', () => {
  it('JSON ends with a newline and escapes characters that could open HTML', () => {
    const res = json(200, { name: '<script>&</script>' });
    expect(res.body).toBe('{"name":"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e"}\n');
    expect(JSON.parse(res.body as string)).toEqual({ name: '<script>&</script>' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('errors answer the table status and message; unknown errors are a bare 500', () => {
    expect(errorResponse(new AuthError('ERR_BODY_TOO_LARGE'))).toMatchObject({
      status: 413,
      body: '{"error":"request body too large"}\n',
    });
    const leaked = errorResponse(new Error('password=hunter2 at db.internal'));
    expect(leaked).toMatchObject({ status: 500, body: '{"error":"internal error"}\n' });
  });

  it('addCookies keeps the cookies a response already has', () => {
    const res = addCookies({ status: 200, headers: { 'set-cookie': 'a=1' } }, ['b=2']);
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });
});
