import { describe, expect, it } from 'vitest';
import { discoverRoutes } from './discover.js';
import { readSourceDocs } from './jsdoc.js';
import { ownMethodNames } from './module-export.js';
import type { ModuleConfig } from './types.js';

function routes(instance: object, source?: string, config?: ModuleConfig) {
  const docs = source === undefined ? undefined : readSourceDocs('m.ts', source).exports.get('default');
  const found = discoverRoutes({
    module: 'm',
    methods: ownMethodNames(instance),
    docs,
    config,
    defaultSignature: undefined,
  });
  return Object.fromEntries([...found].map(([key, r]) => [key, r.method]));
}

class Base {
  handleBase() {}
}

describe('ownMethodNames', () => {
  it('lists own methods of the class and the object, never inherited or built-in names', () => {
    class Child extends Base {
      field = () => 1;
      value = 3;
      handleA() {}
      override toString() {
        return '';
      }
      get handleGetter() {
        return 1;
      }
    }
    expect(ownMethodNames(new Child()).sort()).toEqual(['field', 'handleA']);
    expect(ownMethodNames({ a() {}, b: 1, hasOwnProperty() {} })).toEqual(['a']);
  });
});

describe('discoverRoutes', () => {
  it('applies the prefix rule, the tag, the tag path, and the tag over the prefix', () => {
    class M {
      handleA() {}
      b() {}
      c() {}
      handleD() {}
      e() {}
    }
    const source = `export default class M {
      handleA() {}
      /** @webhook */ b() {}
      /** @webhook x/y */ c() {}
      /** @webhook d */ handleD() {}
      e() {}
    }`;
    expect(routes(new M(), source)).toEqual({ handleA: 'handleA', b: 'b', 'x/y': 'c', d: 'handleD' });
  });

  it('declares handlers through webhookConfig when there is no source', () => {
    const target = { handleA() {}, b() {}, c() {} };
    expect(routes(target, undefined, { methods: { b: { webhook: true }, c: { webhook: '/p/q/' } } })).toEqual(
      {
        handleA: 'handleA',
        b: 'b',
        'p/q': 'c',
      },
    );
  });

  it.each([
    ['a bad path', '/** @webhook ../x */ a() {}', 'm.a: invalid webhook path "../x"'],
    [
      'a taken path',
      '/** @webhook a */ b() {}\n/** @webhook a */ a() {}',
      'm.b: path "a" is already taken by m.a',
    ],
    [
      'a signature without secret',
      '/** @signature github */ handleA() {}',
      'signature scheme "github" needs a secret',
    ],
    [
      'a path with extra words',
      '/** @webhook a b */ a() {}',
      'm.a: @webhook a b (line 2): expected @webhook or @webhook <path>',
    ],
    [
      'a timeout with extra words',
      '/** @timeout 50 ms */ handleA() {}',
      '@timeout 50 ms (line 2): expected @timeout <milliseconds>',
    ],
    [
      'a tag given twice',
      '/**\n * @webhook a\n * @webhook b\n */ a() {}',
      'm.a: @webhook is given 2 times (lines 3, 4)',
    ],
    ['@raw with words', '/** @raw yes */ handleA() {}', 'expected @raw alone'],
  ])('refuses the module for %s', (_what, members, message) => {
    class M {
      a() {}
      b() {}
      handleA() {}
    }
    const source = `export default class M {\n${members}\n}`;
    expect(() => routes(new M(), source)).toThrow(message);
  });
});

describe('discoverRoutes refusals and signatures', () => {
  it('refuses @webhook above the module itself', () => {
    expect(() => routes({ handleA() {} }, '/** @webhook x */\nexport default { handleA() {} };')).toThrow(
      'm: @webhook (line 1) stands above the module, not above a method',
    );
  });

  it('resolves signatures: method tag > method config > module tag > module config', () => {
    class M {
      a() {}
      b() {}
      c() {}
    }
    const source = `/** @signature github env:MOD */
    export default class M {
      /** @webhook
       *  @signature stripe env:OWN */ a() {}
      /** @webhook */ b() {}
      /** @webhook
       *  @signature none */ c() {}
    }`;
    const docs = readSourceDocs('m.ts', source).exports.get('default');
    const found = discoverRoutes({
      module: 'm',
      methods: ownMethodNames(new M()),
      docs,
      config: { methods: { b: { signature: { scheme: 'hmac-sha256', secret: 'k' } } } },
      defaultSignature: undefined,
    });
    expect(found.get('a')!.signature).toEqual({ scheme: 'stripe', secretEnv: 'OWN' });
    expect(found.get('b')!.signature).toEqual({ scheme: 'hmac-sha256', secret: 'k' });
    expect(found.get('c')!.signature).toBeUndefined();
  });
});
