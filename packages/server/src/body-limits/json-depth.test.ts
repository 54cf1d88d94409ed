import { describe, expect, it } from 'vitest';
import { JsonDepthGauge, JsonTooDeep } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

function depthAllowed(text: string, limit: number, chunkSize = text.length): boolean {
  const gauge = new JsonDepthGauge(limit);
  const all = bytes(text);
  try {
    for (let at = 0; at < all.length; at += chunkSize) gauge.measure(all.subarray(at, at + chunkSize));
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(JsonTooDeep);
    return false;
  }
}

describe('JsonDepthGauge', () => {
  it('admits exactly `limit` levels of arrays and objects and refuses one more', () => {
    expect(depthAllowed(`${'[{"a":'.repeat(2)}1${'}]'.repeat(2)}`, 4)).toBe(true);
    expect(depthAllowed(`${'['.repeat(5)}${']'.repeat(5)}`, 4)).toBe(false);
  });

  it('counts levels, not brackets: siblings do not add up', () => {
    expect(depthAllowed(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(depthAllowed(`["${'[{'.repeat(100)}\\"${'[['.repeat(100)}"]`, 1)).toBe(true);
    expect(depthAllowed('["\\\\", [[1]]]', 2)).toBe(false);
  });

  it('carries its state across chunk boundaries, byte by byte', () => {
    const text = `{"k":"a\\"[[[[", "v": ${'['.repeat(6)}${']'.repeat(6)}}`;
    expect(depthAllowed(text, 7, 1)).toBe(true);
    expect(depthAllowed(text, 6, 1)).toBe(false);
  });

  it('names the limit and the config key, as a 400 meant for the client', () => {
    const error = new JsonTooDeep(256);
    expect([error.statusCode, error.expose, error.message]).toEqual([
      400,
      true,
      'the JSON body nests deeper than 256 levels of arrays and objects (server.jsonDepthLimit)',
    ]);
  });
});
