/**
 * The fake provider server acting as Apple: it checks that the client secret is an ES256 JWT signed
 * with the team's key (kid, iss = team, sub = client, aud = issuer), keeps every client secret it
 * receives, and returns id_tokens for one subject. `appleOptions()` are the matching options.
 */
import { type CryptoKey, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import type { AppleOptions } from '../../../src/providers/apple/apple.js';
import { FakeProvider } from './fake-provider.js';

export const APPLE_CLIENT = { clientId: 'com.example.web', teamId: 'TEAM123456', keyId: 'KEY1234567' };
export const APPLE_SUBJECT = '001234.abcdef';

export interface FakeApple {
  fake: FakeProvider;
  /** Every client secret the token endpoint received, accepted or not. */
  secretsReceived: string[];
  /** The team's private key, PEM PKCS#8, and its public key. */
  pem: string;
  publicKey: CryptoKey;
  appleOptions(): AppleOptions;
}

export async function startFakeApple(): Promise<FakeApple> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const pem = await exportPKCS8(privateKey);
  const secretsReceived: string[] = [];
  const fake: FakeProvider = await new FakeProvider({
    clientId: APPLE_CLIENT.clientId,
    clientSecret: '',
    subject: APPLE_SUBJECT,
    verifySecret: async (secret) => {
      secretsReceived.push(secret);
      const verified = await jwtVerify(secret, publicKey, {
        issuer: APPLE_CLIENT.teamId,
        subject: APPLE_CLIENT.clientId,
        audience: fake.issuer,
      }).catch(() => undefined);
      return verified?.protectedHeader.kid === APPLE_CLIENT.keyId && verified.protectedHeader.alg === 'ES256';
    },
  }).start();
  return {
    fake,
    secretsReceived,
    pem,
    publicKey,
    appleOptions: () => ({
      ...APPLE_CLIENT,
      privateKey: () => pem,
      endpoints: { ...fake.endpoints(), jwksURL: `${fake.url}/jwks`, issuer: fake.issuer },
    }),
  };
}
