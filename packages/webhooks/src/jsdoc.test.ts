import { describe, expect, it } from 'vitest';
import { type DocTag, readSourceDocs, unappliedTags } from './jsdoc.js';

const plain = (tags: readonly DocTag[] | undefined) => tags?.map(({ name, text }) => ({ name, text }));

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
    const hooks = docs.exports.get('default')!;
    expect(plain(hooks.own)).toEqual([{ name: 'signature', text: 'github env:X' }]);
    expect(plain(hooks.members.get('onPush'))).toEqual([
      { name: 'webhook', text: 'github/push the rest is prose' },
    ]);
    expect(plain(hooks.members.get('form'))).toEqual([
      { name: 'webhook', text: '' },
      { name: 'timeout', text: '50' },
    ]);
    expect(plain(hooks.members.get('plain'))).toEqual([]);
    expect(plain(hooks.members.get('arrow'))).toEqual([{ name: 'webhook', text: 'arrow' }]);
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
    expect(docs.exports.get('Named')!.members.get('m')![0]!.text).toBe('a');
    expect(docs.exports.get('obj')!.own[0]!.text).toBe('stripe env:S');
    expect(docs.exports.get('obj')!.members.get('m')![0]!.text).toBe('b');
    expect(docs.exports.get('obj')!.members.get('f')![0]!.text).toBe('c');
    expect(docs.exports.get('obj')!.members.has('x')).toBe(false);
    expect(docs.exports.get('default')!.members.get('m')![0]!.text).toBe('d');
    expect(docs.exports.get('renamed')!.members.get('m')![0]!.text).toBe('e');
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
    expect(plain(docs.exports.get('default')!.members.get('a'))).toEqual([]);
    expect(plain(docs.exports.get('default')!.members.get('b'))).toEqual([]);
  });
});

describe('readSourceDocs of CommonJS', () => {
  it('reads CommonJS exports, exported instances and exported functions', () => {
    const cjs = readSourceDocs(
      'c.cjs',
      `/** @signature github env:A */
       module.exports = class {
         /** @webhook push */ onPush() {}
       };`,
    );
    expect(plain(cjs.exports.get('default')!.own)).toEqual([{ name: 'signature', text: 'github env:A' }]);
    expect(plain(cjs.exports.get('default')!.members.get('onPush'))).toEqual([
      { name: 'webhook', text: 'push' },
    ]);
    const members = readSourceDocs(
      'e.cjs',
      `/** @signature stripe env:S */
       exports.handleA = function () {};
       function b() {}
       /** @webhook bee */
       module.exports.b = b;`,
    );
    expect(plain(members.exports.get('default')!.members.get('handleA'))).toEqual([
      { name: 'signature', text: 'stripe env:S' },
    ]);
    expect(plain(members.exports.get('default')!.members.get('b'))).toEqual([
      { name: 'webhook', text: 'bee' },
    ]);
    const instance = readSourceDocs(
      'i.ts',
      `/** @signature slack env:S */
       class Hooks {
         /** @webhook */
         events() {}
       }
       export default new Hooks();`,
    );
    expect(plain(instance.exports.get('default')!.own)).toEqual([{ name: 'signature', text: 'slack env:S' }]);
    expect(plain(instance.exports.get('default')!.members.get('events'))).toEqual([
      { name: 'webhook', text: '' },
    ]);
    const functions = readSourceDocs(
      'f.ts',
      `/** @signature github env:G */
       export function handlePing() {}
       /** @webhook arrow */
       export const arrow = async () => 1;
       /** @timeout 5 */
       function local() {}
       export { local as renamed };`,
    );
    const fns = functions.exports.get('*')!;
    expect(plain(fns.members.get('handlePing'))).toEqual([{ name: 'signature', text: 'github env:G' }]);
    expect(plain(fns.members.get('arrow'))).toEqual([{ name: 'webhook', text: 'arrow' }]);
    expect(plain(fns.members.get('renamed'))).toEqual([{ name: 'timeout', text: '5' }]);
  });
});

describe('readSourceDocs of the whole file', () => {
  it('lists every webhook tag of the file, and those outside the chosen export', () => {
    const docs = readSourceDocs(
      'm.ts',
      `/** @signature github env:A */
       class Helper { x() {} }
       export default class Hooks {
         /** @webhook a */
         a() {}
         /** Prose that mentions the \`@signature\` tag inline is no tag. */
         b() {}
       }
       /** @timeout 5 */`,
    );
    expect(docs.tags.map((t) => `${t.line} ${t.name} ${t.text}`)).toEqual([
      '1 signature github env:A',
      '4 webhook a',
      '9 timeout 5',
    ]);
    expect(unappliedTags(docs, docs.exports.get('default')).map((t) => t.line)).toEqual([1, 9]);
    expect(docs.exports.get('default')!.members.get('b')).toEqual([]);
    // TypeScript takes an @name after a space as a tag, mid-line too; so does the list.
    const midLine = readSourceDocs('n.ts', '/** a @webhook mid-line */\nexport default {}');
    expect(midLine.tags.map((t) => t.pos)).toEqual(midLine.exports.get('default')!.own.map((t) => t.pos));
  });
});
