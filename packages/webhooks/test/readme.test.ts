/** The README's error table and the errors module must agree (STYLE.md §2). */

import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookErrors } from '../src/index.js';
import { post, startService } from './support/helpers.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

function readmeErrors(): Record<string, { status: number; message: string }> {
  const rows: Record<string, { status: number; message: string }> = {};
  for (const match of readme.matchAll(/^\| `(ERR_[A-Z_]+)` *\| (\d{3}) *\| (.+?) *\|$/gm)) {
    rows[match[1]!] = { status: Number(match[2]), message: match[3]! };
  }
  return rows;
}

describe('README', () => {
  it('lists every error code with its status and message, and no other', () => {
    expect(readmeErrors()).toEqual(webhookErrors);
  });

  it('has the sections a package README needs', () => {
    for (const heading of [
      '## Install',
      '## Example',
      '## Options',
      '## Module rules',
      '## Security',
      '## Errors',
      '## Wire format',
    ]) {
      expect(readme).toContain(`\n${heading}\n`);
    }
  });
});

describe('README example', () => {
  const example = readme.slice(readme.indexOf('## Example'), readme.indexOf('## Options'));
  const fenced = /```(\w+)\n([\s\S]*?)```/g;

  it('the module answers a signed push, and the registered ping answers as the curl line says', async () => {
    const blocks = [...example.matchAll(fenced)].map((m) => ({ lang: m[1], code: m[2]! }));
    const moduleSource = blocks.find((b) => b.lang === 'ts')!.code;
    const curlAnswer = /# (\{.*\})/.exec(blocks.find((b) => b.lang === 'sh')!.code)![1]!;
    process.env.GITHUB_WEBHOOK_SECRET = 'readme-secret';
    const svc = await startService({ 'github.ts': moduleSource });
    try {
      const body = '{"ref":"refs/heads/main"}';
      const signature = `sha256=${createHmac('sha256', 'readme-secret').update(body).digest('hex')}`;
      const res = await post(svc.base, '/webhook/github/push', body, {
        'X-Hub-Signature-256': signature,
        'X-GitHub-Event': 'push',
      });
      expect(res.body).toEqual({ success: true, data: { ref: 'refs/heads/main', event: 'push' } });
      svc.app.webhooks.register('ping', { handlePing: () => 'pong' });
      expect((await post(svc.base, '/webhook/ping/handlePing', '{}')).text).toBe(curlAnswer);
    } finally {
      await svc.close();
    }
  });
});
