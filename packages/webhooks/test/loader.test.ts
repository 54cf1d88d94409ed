/** Which files are modules, what their names are, and which exports are taken. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startService, type TestService } from './support/helpers.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({
    'hooks.photon.ts': 'export default class { handleA() { return 1; } }',
    'common.cjs': 'module.exports = { handleB() { return 2; } };',
    'named.mjs': 'export class Named { handleC() { return 3; } }',
    'two.js': 'export class A { handleD() {} }\nexport class B { handleE() {} }',
    'types.d.ts': 'export declare class T { handleG(): void }',
    '.hidden.js': 'export default { handleH() {} };',
    'notes.txt': 'not a module',
    'bad name.js': 'export default { handleI() {} };',
  });
});
afterAll(() => svc.close());

describe('module files', () => {
  it('names modules by file name without extension or .photon, and picks the export', () => {
    expect(svc.app.webhooks.list().map((r) => `${r.module}/${r.path}`)).toEqual([
      'common/handleB',
      'hooks/handleA',
      'named/handleC',
    ]);
  });

  it('logs why a file was not taken', () => {
    const log = svc.lines.join('\n');
    expect(log).toMatch(/module two .*failed to load.*export one class or object/);
  });
});

describe('a .ts module importing its siblings', () => {
  it('resolves ./x.js to a JS sibling or to the TypeScript source x.ts, also in a subfolder', async () => {
    const service = await startService({
      'hooks.ts': `import { shout } from './lib/shout.js';
import { twice } from './lib/twice.js';
export default class { handleA(p: { word: string }) { return shout(twice(p.word)); } }`,
    });
    try {
      // Written after start: the lib/ folder is not a module folder, only a place for helpers.
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(`${service.dir}/lib`);
      await writeFile(
        `${service.dir}/lib/shout.ts`,
        `import { mark } from './mark.js';\nexport const shout = (s: string): string => mark(s.toUpperCase());`,
      );
      await writeFile(
        `${service.dir}/lib/mark.ts`,
        `export function mark(s: string): string { return s + '!'; }`,
      );
      await writeFile(`${service.dir}/lib/twice.js`, `export const twice = (s) => s + s;`);
      await service.app.webhooks.reload();
      expect(service.lines.join('\n')).toMatch(/module hooks .*failed to load, not served: .*shout/);
      await writeFile(
        `${service.dir}/hooks.ts`,
        `import { shout } from './lib/shout.js';
import { twice } from './lib/twice.js';
export default class { handleA(p: { word: string }) { return shout(twice(p.word)) + ' '; } }`,
      );
      await service.app.webhooks.reload();
      const res = await post(service.base, '/webhook/hooks/handleA', { word: 'ab' });
      expect(res.body).toEqual({ success: true, data: 'ABAB! ' });
    } finally {
      await service.close();
    }
  });
});
