/** The Express router works whether or not a body parser ran before it. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { makeService } from '../support/core/service.js';

describe('express router after body parsers', () => {
  it('logs in with JSON and form bodies already parsed by express.json / express.urlencoded', async () => {
    const { service } = makeService();
    const app = express();
    app.use(express.json(), express.urlencoded({ extended: false }));
    app.use(service.express.router());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/local/login`;
    try {
      const json = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'alice', passwd: 'wonderland' }),
      });
      expect(json.status).toBe(200);
      const form = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=bob&passwd=builder',
      });
      expect(form.status).toBe(200);
      expect(await form.json()).toHaveProperty('name', 'bob');
      const wrong = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=bob&passwd=nope',
      });
      expect(wrong.status).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
