import { describe, expect, it } from 'vitest';
import { accessSection, checkAccess } from './config.js';
import { isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it('takes localhost and literal loopback addresses only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['127.evil.example', '127.0.0.1.nip.io', '0.0.0.0', '::', 'gate.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('lets the public-write check refuse a name that merely starts like a loopback address', () => {
    const access = accessSection.parse({ commands: 'public' });
    const context = { clientCertificates: undefined, credentialsFile: true };
    expect(checkAccess(access, { ...context, host: '127.evil.example' })).toEqual([
      expect.objectContaining({ path: ['access', 'commands'] }),
    ]);
    expect(checkAccess(access, { ...context, host: '127.0.0.1' })).toEqual([]);
  });
});
