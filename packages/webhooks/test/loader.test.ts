/** Which files are modules, what their names are, and which exports are taken. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './helpers.js';

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
