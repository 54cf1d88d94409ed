/**
 * Fail closed: a signature declared on a module or method is honoured whatever the module's export
 * style, or the module does not load and says why (start-up rejects; a reload keeps the last good
 * version). Real HTTP, modules in worker processes.
 */
import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, post, startService, type TestService } from './support/helpers.js';

const SECRET = 'fail-closed-secret';
const TAG = '/** @signature github env:FC_TEST_SECRET */';
const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** One module per export style, each answering its own name from handleA. */
const STYLES: Record<string, string> = {
  'esmClass.ts': `${TAG}\nexport default class { handleA() { return 'esmClass'; } }`,
  'cjsClass.cjs': `${TAG}\nmodule.exports = class { handleA() { return 'cjsClass'; } };`,
  'esmInstance.mjs': `${TAG}\nclass Hooks { handleA() { return 'esmInstance'; } }\nexport default new Hooks();`,
  'esmInstanceTagged.mjs': `class Hooks { handleA() { return 'esmInstanceTagged'; } }\n${TAG}\nexport default new Hooks();`,
  'cjsInstance.cjs': `class Hooks { handleA() { return 'cjsInstance'; } }\n${TAG}\nmodule.exports = new Hooks();`,
  'esmObject.js': `${TAG}\nexport default { handleA() { return 'esmObject'; } };`,
  'cjsObject.cjs': `${TAG}\nmodule.exports = { handleA() { return 'cjsObject'; } };`,
  'esmFunctions.ts': `${TAG}\nexport function handleA() { return 'esmFunctions'; }\n${TAG}\nexport const handleB = async () => 'b';`,
  'cjsFunctions.cjs': `${TAG}\nexports.handleA = function () { return 'cjsFunctions'; };`,
};

let svc: TestService;
beforeAll(async () => {
  process.env.FC_TEST_SECRET = SECRET;
  svc = await startService(STYLES);
});
afterAll(() => svc.close());

describe('a @signature is honoured for every module style', () => {
  const body = '{"n":1}';
  it.each(Object.keys(STYLES).map((file) => file.replace(/\..*$/, '')))('%s', async (module) => {
    const url = `/webhook/${module}/handleA`;
    expect((await post(svc.base, url, body)).status).toBe(401);
    expect((await post(svc.base, url, body, { 'X-Hub-Signature-256': sign(body, 'forged') })).status).toBe(
      401,
    );
    const good = await post(svc.base, url, body, { 'X-Hub-Signature-256': sign(body) });
    expect([good.status, good.body]).toEqual([200, { success: true, data: module }]);
  });

  it('calls exported plain functions as handlers, without new', async () => {
    const res = await post(svc.base, '/webhook/esmFunctions/handleB', body, {
      'X-Hub-Signature-256': sign(body),
    });
    expect(res.body).toEqual({ success: true, data: 'b' });
  });
});

describe('in process (isolation none), the same styles', () => {
  it('honour the signature of every style', async () => {
    const inProcess = await startService(STYLES, { isolation: 'none' });
    try {
      const body = '{}';
      for (const module of Object.keys(STYLES).map((file) => file.replace(/\..*$/, ''))) {
        const url = `/webhook/${module}/handleA`;
        const forged = await post(inProcess.base, url, body, { 'X-Hub-Signature-256': sign(body, 'forged') });
        const good = await post(inProcess.base, url, body, { 'X-Hub-Signature-256': sign(body) });
        expect([module, forged.status, good.body]).toEqual([module, 401, { success: true, data: module }]);
      }
    } finally {
      await inProcess.close();
    }
  });
});

describe('a declaration that cannot be honoured stops start-up', () => {
  it.each([
    [
      'an unset secret variable, naming module, method and variable',
      {
        'unset.ts': 'export default class {\n  /** @signature github env:FC_UNSET_VAR */\n  handleA() {}\n}',
      },
      /unset\.ts: unset\.handleA: @signature github reads the environment variable FC_UNSET_VAR, which is not set/,
    ],
    [
      'a tag above something that is not the export',
      { 'stray.ts': `${TAG}\nclass Helper {}\nexport default class { handleA() { return new Helper(); } }` },
      /stray: @signature github env:FC_TEST_SECRET \(line 1\) not in a JSDoc block of its export "default"/,
    ],
    [
      'a tag on the line of the class brace (TypeScript does not attach it)',
      { 'brace.ts': 'export default class { /** @signature github env:FC_TEST_SECRET */ handleA() {} }' },
      /brace: @signature github env:FC_TEST_SECRET \(line 1\) not in a JSDoc block/,
    ],
    [
      'a @webhook tag with extra words',
      { 'words.ts': 'export default class {\n  /** @webhook a b */\n  a() {}\n}' },
      /words\.a: @webhook a b \(line 2\): expected @webhook or @webhook <path>, one path/,
    ],
    ['a default-exported plain function', { 'fn.mjs': 'export default function handleA() {}' }, null],
  ])('%s', async (_what, files, message) => {
    if (message === null) {
      // Not a declaration: a module the runtime cannot use is a load error that leaves it unserved.
      const started = await startService(files);
      try {
        expect(started.lines.join('\n')).toMatch(
          /module fn .*failed to load, not served: .*default export is a plain function/,
        );
        expect((await post(started.base, '/webhook/fn/handleA')).status).toBe(404);
      } finally {
        await started.close();
      }
      return;
    }
    await expect(startService(files)).rejects.toThrow(message);
  });
});

describe('on reload', () => {
  it('keeps the last good version when a secret variable goes missing, and logs why', async () => {
    const body = '{}';
    const file = path.join(svc.dir, 'esmClass.ts');
    await writeFile(
      file,
      `/** @signature github env:FC_OTHER_UNSET */\nexport default class { handleA() { return 'v2'; } }`,
    );
    await eventually(
      async () =>
        svc.lines.some((l) =>
          /module esmClass .*failed to load, keeping the last good version: .*FC_OTHER_UNSET, which is not set/.test(
            l,
          ),
        ),
      'the reload error',
    );
    const res = await post(svc.base, '/webhook/esmClass/handleA', body, {
      'X-Hub-Signature-256': sign(body),
    });
    expect(res.body).toEqual({ success: true, data: 'esmClass' });
  });

  it('answers 500 when the variable is unset after loading (closed), until it is back', async () => {
    const body = '{}';
    delete process.env.FC_TEST_SECRET;
    try {
      const res = await post(svc.base, '/webhook/esmObject/handleA', body, {
        'X-Hub-Signature-256': sign(body),
      });
      expect([res.status, res.body]).toEqual([500, { error: 'webhook signature is misconfigured' }]);
    } finally {
      process.env.FC_TEST_SECRET = SECRET;
    }
  });
});
