import { describe, expect, it } from 'vitest';
import { readSourceDocs } from './jsdoc.js';

describe('readSourceDocs', () => {
  it('reads method tags of a default-exported class, case-insensitively', () => {
    const docs = readSourceDocs(
      'hooks.ts',
      `/** @signature github env:X */
       export default class Hooks {
         /** @WEBHOOK github/push the rest is prose */
         async onPush(p: unknown) {}
         /**
          * Two tags.
          * @webhook
          * @timeout 50
          */
         form() {}
         plain() {}
         /** @webhook arrow */
         arrow = () => 1;
       }`,
    );
    const hooks = docs.get('default')!;
    expect(hooks.own).toEqual([{ name: 'signature', text: 'github env:X' }]);
    expect(hooks.members.get('onPush')).toEqual([{ name: 'webhook', text: 'github/push the rest is prose' }]);
    expect(hooks.members.get('form')).toEqual([
      { name: 'webhook', text: '' },
      { name: 'timeout', text: '50' },
    ]);
    expect(hooks.members.get('plain')).toEqual([]);
    expect(hooks.members.get('arrow')).toEqual([{ name: 'webhook', text: 'arrow' }]);
  });

  it('follows the export forms: named class, const object, export default identifier, export list', () => {
    const source = `
      export class Named {
        /** @webhook a */ m() {}
      }
      /** @signature stripe env:S */
      export const obj = {
        /** @webhook b */ m() {},
        /** @webhook c */ f: function () {},
        x: 1,
      };
      class Local {
        /** @webhook d */ m() {}
      }
      const other = {
        /** @webhook e */ m: () => 1,
      };
      export { other as renamed };
      export default Local;
    `;
    const docs = readSourceDocs('m.js', source);
    expect(docs.get('Named')!.members.get('m')![0]!.text).toBe('a');
    expect(docs.get('obj')!.own[0]!.text).toBe('stripe env:S');
    expect(docs.get('obj')!.members.get('m')![0]!.text).toBe('b');
    expect(docs.get('obj')!.members.get('f')![0]!.text).toBe('c');
    expect(docs.get('obj')!.members.has('x')).toBe(false);
    expect(docs.get('default')!.members.get('m')![0]!.text).toBe('d');
    expect(docs.get('renamed')!.members.get('m')![0]!.text).toBe('e');
  });

  it('is not fooled by tags in strings or line comments', () => {
    const docs = readSourceDocs(
      'm.ts',
      `export default class {
         // @webhook nope
         a() { return '/** @webhook nope */'; }
         /* @webhook nope */
         b() {}
       }`,
    );
    expect(docs.get('default')!.members.get('a')).toEqual([]);
    expect(docs.get('default')!.members.get('b')).toEqual([]);
  });
});
