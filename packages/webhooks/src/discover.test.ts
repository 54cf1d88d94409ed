import { format } from 'node:util';
import { describe, expect, it } from 'vitest';
import { discoverRoutes } from './discover.js';
import { readSourceDocs } from './jsdoc.js';
import { ownMethodNames } from './module-export.js';
import type { ModuleConfig } from './types.js';

const lines: string[] = [];
const logger = { logf: (f: string, ...a: unknown[]) => lines.push(format(f, ...a)) };

function routes(instance: object, source?: string, config?: ModuleConfig) {
  const docs = source === undefined ? undefined : readSourceDocs('m.ts', source).get('default');
  const found = discoverRoutes({
    module: 'm',
    methods: ownMethodNames(instance),
    docs,
    config,
    defaultSignature: undefined,
    logger,
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

  it('leaves out and logs a bad path, a taken path and a bad @signature', () => {
    class M {
      a() {}
      b() {}
      c() {}
      d() {}
    }
    const source = `export default class M {
      /** @webhook ../x */ a() {}
      /** @webhook a */ b() {}
      /** @webhook cc
       *  @signature github */ c() {}
      /** @webhook a */ d() {}
    }`;
    lines.length = 0;
    expect(routes(new M(), source)).toEqual({ a: 'b' });
    expect(lines.join('\n')).toContain(
      'm.a not exposed: @gatehouse/webhooks: m.a: invalid webhook path "../x"',
    );
    expect(lines.join('\n')).toContain('m.c: signature scheme "github" needs a secret');
    expect(lines.join('\n')).toContain('m.d: path "a" is already taken');
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
    const docs = readSourceDocs('m.ts', source).get('default');
    const found = discoverRoutes({
      module: 'm',
      methods: ownMethodNames(new M()),
      docs,
      config: { methods: { b: { signature: { scheme: 'hmac-sha256', secret: 'k' } } } },
      defaultSignature: undefined,
      logger,
    });
    expect(found.get('a')!.signature).toEqual({ scheme: 'stripe', secretEnv: 'OWN' });
    expect(found.get('b')!.signature).toEqual({ scheme: 'hmac-sha256', secret: 'k' });
    expect(found.get('c')!.signature).toBeUndefined();
  });
});
