/** The modules folder is watched: edits, new files, removals and broken edits, without a restart. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, post, startService, type TestService } from './support/helpers.js';

const version = (n: number) => `
export default class Live {
  /** @webhook ver */
  current() { const v: number = ${n}; return v; }
}
`;

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ 'live.ts': version(1) });
});
afterAll(() => svc.close());

const answerOf = async (url: string) => {
  const res = await post(svc.base, url);
  return res.status === 200 ? (res.body as { data: unknown }).data : res.status;
};

describe('hot reload', () => {
  it('picks up an edited module while the service runs', async () => {
    expect(await answerOf('/webhook/live/ver')).toBe(1);
    await writeFile(path.join(svc.dir, 'live.ts'), version(2));
    await eventually(async () => (await answerOf('/webhook/live/ver')) === 2, 'version 2');
  });

  it('keeps the last good version when an edit does not load, and logs why', async () => {
    await writeFile(path.join(svc.dir, 'live.ts'), 'export default class { current( { }');
    await eventually(async () => svc.lines.some((l) => l.includes('failed to load')), 'the load error');
    expect(await answerOf('/webhook/live/ver')).toBe(2);
    await writeFile(path.join(svc.dir, 'live.ts'), version(3));
    await eventually(async () => (await answerOf('/webhook/live/ver')) === 3, 'version 3 after the fix');
  });

  it('picks up a new module file and a module that throws on load', async () => {
    await writeFile(path.join(svc.dir, 'added.js'), 'export default { handleHi() { return "hi"; } };');
    await writeFile(path.join(svc.dir, 'bad.js'), 'throw new Error("boom at import");');
    await eventually(async () => (await answerOf('/webhook/added/handleHi')) === 'hi', 'the new module');
    await eventually(async () => svc.lines.some((l) => l.includes('boom at import')), 'the import error');
    expect(await answerOf('/webhook/bad/anything')).toBe(404);
  });

  it('drops a removed module', async () => {
    await rm(path.join(svc.dir, 'added.js'));
    await eventually(async () => (await answerOf('/webhook/added/handleHi')) === 404, 'the removal');
  });

  it('applies reload() at once without waiting for the watcher', async () => {
    await writeFile(path.join(svc.dir, 'live.ts'), version(4));
    await svc.app.webhooks.reload();
    expect(await answerOf('/webhook/live/ver')).toBe(4);
  });
});

describe.each(['process', 'none'] as const)(
  'a helper edited while the service runs (isolation %s)',
  (isolation) => {
    const helper = (greeting: string) =>
      `export const greeting = (name: string): string => \`${greeting}, \${name}\`;\n`;
    let live: TestService;
    beforeAll(async () => {
      live = await startService(
        {
          'greeter.ts':
            "import { greeting } from './lib/greet.js';\nexport function handleHi() { return greeting('Ada'); }\n",
        },
        { isolation },
      );
    });
    afterAll(() => live.close());

    const greet = async () => {
      const res = await post(live.base, '/webhook/greeter/handleHi');
      return res.status === 200 ? (res.body as { data: unknown }).data : res.status;
    };

    it('reloads the modules, which import the new helper', async () => {
      await mkdir(path.join(live.dir, 'lib'));
      await writeFile(path.join(live.dir, 'lib', 'greet.ts'), helper('Hello'));
      await live.app.webhooks.reload();
      expect(await greet()).toBe('Hello, Ada');
      await writeFile(path.join(live.dir, 'lib', 'greet.ts'), helper('Good day'));
      await eventually(async () => (await greet()) === 'Good day, Ada', 'the edited helper');
      expect(live.lines.some((line) => line.includes('a helper file changed, reloading every module'))).toBe(
        true,
      );
    });
  },
);
