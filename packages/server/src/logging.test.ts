import { describe, expect, it } from 'vitest';
import { createServiceLog, libraryLogger, redactRecord, redactSecrets } from './logging.js';

function capture(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const log = createServiceLog({ level, format: 'json', write: (line) => lines.push(line) });
  return { log, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('redactSecrets', () => {
  it('judges a parameter by its decoded name, however the client escaped it', () => {
    expect(redactSecrets('/auth/local/login?user=a&p%61sswd=hunter2&x=1')).toBe(
      '/auth/local/login?user=a&p%61sswd=***&x=1',
    );
    expect(redactSecrets('/login?%2570asswd=hunter2')).toBe('/login?%2570asswd=***');
    // As the server parses them: `+` is a space, a malformed escape stays as written.
    expect(redactSecrets('/login?pa+ss=x&to%ZZken=y&tok%65n=z')).toBe(
      '/login?pa+ss=x&to%ZZken=y&tok%65n=***',
    );
    expect(redactSecrets('/pdb/query/v4/facts?query=%5B%22%3D%22%5D')).toBe(
      '/pdb/query/v4/facts?query=%5B%22%3D%22%5D',
    );
  });

  it('hides credential query values and JWTs', () => {
    expect(redactSecrets('/auth/local/login?user=a&passwd=hunter2&x=1')).toBe(
      '/auth/local/login?user=a&passwd=***&x=1',
    );
    expect(redactSecrets('bearer eyJhbGc.eyJzdWIi.c2ln rest')).toBe('bearer <jwt> rest');
  });
});

describe('redactRecord', () => {
  it('replaces credential-named fields and redacts every string, nested too', () => {
    expect(
      redactRecord({
        headers: { authorization: 'Basic YWRtaW46eA==', cookie: 'JWT=x', accept: '*/*' },
        list: ['/a?token=abc'],
        password: 'p',
        count: 3,
      }),
    ).toEqual({
      headers: { authorization: '***', cookie: '***', accept: '*/*' },
      list: ['/a?token=***'],
      password: '***',
      count: 3,
    });
  });
});

describe('createServiceLog', () => {
  it('writes one JSON record per call with level, time, pid and the redacted message', () => {
    const { log, records } = capture();
    log.info('called /x?code=abc');
    log.error({ err: new Error('GET /y?secret=s failed'), token: 't' }, 'failed');
    const [first, second] = records();
    expect(first).toMatchObject({ level: 30, pid: process.pid, msg: 'called /x?code=***' });
    expect(first!.time).toEqual(expect.any(Number));
    expect(second).toMatchObject({ level: 50, msg: 'failed', token: '***' });
    expect((second!.err as { message: string }).message).toBe('GET /y?secret=*** failed');
  });
});

describe('libraryLogger', () => {
  it('maps the [LEVEL] tag to the record level and drops the tag; untagged lines are info', () => {
    const { log, records } = capture('debug');
    const logger = libraryLogger(log);
    logger.logf('[DEBUG] token refused: %s', 'expired');
    logger.logf('[WARN] slow %d ms', 12);
    logger.logf('[ERROR] %v', 'boom');
    logger.logf('webhooks: module %s loaded', 'm');
    expect(records().map((r) => [r.level, r.msg])).toEqual([
      [20, 'token refused: expired'],
      [40, 'slow 12 ms'],
      [50, 'boom'],
      [30, 'webhooks: module m loaded'],
    ]);
  });

  it('writes nothing below the level', () => {
    const { log, records } = capture('info');
    libraryLogger(log).logf('[DEBUG] token refused: %s', 'expired');
    expect(records()).toEqual([]);
  });
});
