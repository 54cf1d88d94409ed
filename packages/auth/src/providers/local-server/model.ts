/**
 * @module providers/local-server/model
 * The storage behind the local OAuth 2.0 server: the @node-oauth/oauth2-server model interface over
 * in-memory maps. Codes live for `codeTTL` seconds and are used once (the library revokes them);
 * access tokens live for `tokenTTL`. Clients come from a {@link ClientRegistry}.
 */
import { timingSafeEqual } from 'node:crypto';
import type OAuth2Server from '@node-oauth/oauth2-server';

export interface RegisteredClient {
  id: string;
  /** Checked at the token endpoint; absent only in the dev registry, which accepts any secret. */
  secret?: string;
  /** Exact redirect URIs; the dev registry checks with `acceptRedirect` instead. */
  redirectURIs: readonly string[];
}

/** Looks up a client by id; `acceptRedirect` (instead of exact URIs) is for the dev server only. */
export interface ClientRegistry {
  find(id: string): RegisteredClient | undefined;
  acceptRedirect?: (uri: string) => boolean;
}

/** True when `uri` may receive a code for `client`: the registry's own check, else an exact match. */
export function isRegisteredRedirect(
  registry: ClientRegistry,
  client: RegisteredClient,
  uri: string,
): boolean {
  return registry.acceptRedirect ? registry.acceptRedirect(uri) : client.redirectURIs.includes(uri);
}

export function fixedClients(clients: readonly RegisteredClient[]): ClientRegistry {
  const byId = new Map(clients.map((c) => [c.id, c]));
  return { find: (id) => byId.get(id) };
}

interface Expiring {
  expiresAt: Date;
}

type Model = OAuth2Server.AuthorizationCodeModel;

/** Every key of `map` whose entry expired is dropped; called on writes so the maps stay small. */
function sweep<T extends Expiring>(map: Map<string, T>): void {
  const now = Date.now();
  for (const [k, v] of map) if (v.expiresAt.getTime() <= now) map.delete(k);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function memoryModel(registry: ClientRegistry): Model {
  const codes = new Map<string, OAuth2Server.AuthorizationCode>();
  const tokens = new Map<string, OAuth2Server.Token & Expiring>();
  const toClient = (c: RegisteredClient): OAuth2Server.Client => ({
    id: c.id,
    grants: ['authorization_code'],
    redirectUris: registry.acceptRedirect ? ['http://any.invalid/'] : [...c.redirectURIs],
  });
  return {
    async getClient(clientId, clientSecret) {
      const c = registry.find(clientId);
      if (!c) return false;
      // oauth2-server passes null at the authorize endpoint, where no secret is presented.
      if (clientSecret !== null && c.secret !== undefined && !sameSecret(String(clientSecret), c.secret)) {
        return false;
      }
      return toClient(c);
    },
    async validateRedirectUri(uri, client) {
      const registered = registry.find(client.id);
      return registered !== undefined && isRegisteredRedirect(registry, registered, uri);
    },
    async saveAuthorizationCode(code, client, user) {
      sweep(codes);
      const saved = { ...code, client, user } as OAuth2Server.AuthorizationCode;
      codes.set(code.authorizationCode, saved);
      return saved;
    },
    async getAuthorizationCode(code) {
      const found = codes.get(code);
      return found && found.expiresAt.getTime() > Date.now() ? found : false;
    },
    async revokeAuthorizationCode(code) {
      return codes.delete(code.authorizationCode);
    },
    async saveToken(token, client, user) {
      sweep(tokens);
      const saved = { ...token, client, user, expiresAt: token.accessTokenExpiresAt ?? new Date(0) };
      tokens.set(token.accessToken, saved);
      return saved;
    },
    async getAccessToken(accessToken) {
      const found = tokens.get(accessToken);
      return found && found.expiresAt.getTime() > Date.now() ? found : false;
    },
    async verifyScope() {
      return true;
    },
  };
}
