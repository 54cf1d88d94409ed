/**
 * Every built-in provider end to end against the fake provider server: its endpoints overridden to
 * the fake, its own user-info shape, its quirks (GitHub's 200 errors, Yandex's `OAuth` scheme, X's
 * Basic client auth, Microsoft's token-guarded photo), checked through /auth/user.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battlenetProvider } from '../../src/providers/builtin/battlenet.js';
import type { BuiltinOptions } from '../../src/providers/builtin/define.js';
import { discordProvider } from '../../src/providers/builtin/discord.js';
import { facebookProvider } from '../../src/providers/builtin/facebook.js';
import { githubProvider } from '../../src/providers/builtin/github.js';
import { googleProvider } from '../../src/providers/builtin/google.js';
import { microsoftProvider } from '../../src/providers/builtin/microsoft.js';
import { patreonProvider } from '../../src/providers/builtin/patreon.js';
import { twitterProvider } from '../../src/providers/builtin/twitter.js';
import { yandexProvider } from '../../src/providers/builtin/yandex.js';
import type { OAuth2Provider } from '../../src/providers/oauth2/oauth2-provider.js';
import { Browser } from '../support/oauth/browser.js';
import { FakeProvider } from '../support/oauth/fake-provider.js';
import { type RunningService, startService } from '../support/oauth/service.js';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

interface Case {
  make: (o: BuiltinOptions) => OAuth2Provider;
  info: Record<string, unknown>;
  rawId: string;
  name: string;
  scope: string;
  authMethod?: 'client_secret_basic';
  infoScheme?: string;
}

const cases: Record<string, Case> = {
  github: {
    make: githubProvider,
    info: { login: 'octo', id: 1, name: 'Octo Cat', avatar_url: '{{picture}}/octo' },
    rawId: 'octo',
    name: 'Octo Cat',
    scope: '',
  },
  google: {
    make: googleProvider,
    info: { sub: '1099', name: 'Gee', picture: '{{picture}}/g' },
    rawId: '1099',
    name: 'Gee',
    scope: 'https://www.googleapis.com/auth/userinfo.profile',
  },
  facebook: {
    make: facebookProvider,
    info: { id: '777', name: 'Fay', picture: { data: { url: '{{picture}}/f' } } },
    rawId: '777',
    name: 'Fay',
    scope: 'public_profile',
  },
  microsoft: {
    make: (o) => microsoftProvider({ ...o, tenant: 'contoso' }),
    info: { id: 'ms-1', displayName: 'Mia Soft' },
    rawId: 'ms-1',
    name: 'Mia Soft',
    scope: 'User.Read',
  },
  yandex: {
    make: yandexProvider,
    info: { id: '55', login: 'ya', display_name: 'Yana', default_avatar_id: 'abc', is_avatar_empty: false },
    rawId: '55',
    name: 'Yana',
    scope: '',
    infoScheme: 'OAuth',
  },
  battlenet: {
    make: battlenetProvider,
    info: { id: 9001, battletag: 'Hero#1234' },
    rawId: '9001',
    name: 'Hero#1234',
    scope: '',
  },
  patreon: {
    make: patreonProvider,
    info: {
      data: { id: 'p1', attributes: { full_name: 'Pat Ron', image_url: '{{picture}}/p' } },
      included: [{ type: 'member', attributes: { patron_status: 'active_patron' } }],
    },
    rawId: 'p1',
    name: 'Pat Ron',
    scope: 'identity',
  },
  discord: {
    make: discordProvider,
    info: {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
    },
    rawId: '80351110224678912',
    name: 'Nelly',
    scope: 'identify',
  },
  twitter: {
    make: twitterProvider,
    info: {
      data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers', profile_image_url: '{{picture}}/x' },
    },
    rawId: '2244994945',
    name: 'XDevelopers',
    scope: 'users.read tweet.read',
    authMethod: 'client_secret_basic',
  },
};

const fakes = new Map<string, FakeProvider>();
let svc: RunningService;

beforeAll(async () => {
  const providers: OAuth2Provider[] = [];
  for (const [name, c] of Object.entries(cases)) {
    const fake = await new FakeProvider({
      clientId: `${name}-id`,
      clientSecret: `${name}-secret`,
      authMethod: c.authMethod,
      userInfo: c.info,
    }).start();
    if (c.infoScheme) fake.infoSchemes = [c.infoScheme];
    fakes.set(name, fake);
    const e = fake.endpoints();
    providers.push(
      c.make({
        clientId: `${name}-id`,
        clientSecret: `${name}-secret`,
        endpoints: { ...e, pictureURL: name === 'microsoft' ? `${fake.url}/photo` : e.pictureURL },
      }),
    );
  }
  svc = await startService(providers);
});

afterAll(async () => {
  await svc.close();
  await Promise.all([...fakes.values()].map((f) => f.close()));
});

async function login(provider: string, query = '') {
  const b = new Browser();
  const nav = await b.navigate(`${svc.url}/auth/${provider}/login?site=s1${query}`);
  return { b, nav };
}

describe.each(Object.entries(cases))('built-in provider %s', (name, c) => {
  it('logs in and maps the user', async () => {
    const { b, nav } = await login(name);
    expect(nav.response.status).toBe(200);
    const auth = new URL(nav.chain[1]!);
    expect(auth.searchParams.get('scope') ?? '').toBe(c.scope);
    const res = await b.request(`${svc.url}/auth/user`, {
      headers: { 'x-xsrf-token': b.cookie('XSRF-TOKEN')! },
    });
    expect(await res.json()).toMatchObject({
      id: `${name}_${sha1(c.rawId)}`,
      name: c.name,
      picture: expect.stringMatching(new RegExp(`^${svc.url}/avatar/[0-9a-f]{40}\\.image$`)),
    });
    if (c.infoScheme) expect(fakes.get(name)!.infoAuthorizations.at(-1)).toMatch(/^OAuth /);
  });
});

describe('built-in quirks and options', () => {
  it("microsoft: the Graph photo is fetched with the user's token", async () => {
    const before = fakes.get('microsoft')!.photosServed;
    await login('microsoft');
    expect(fakes.get('microsoft')!.photosServed).toBe(before + 1);
  });

  it('github: a token error answered with 200 is the provider saying no (401)', async () => {
    fakes.get('github')!.knobs.tokenErrorWith200 = 'bad_verification_code';
    try {
      const { b, nav } = await login('github');
      expect(nav.response.status).toBe(401);
      expect(JSON.parse(nav.body)).toEqual({ error: 'login refused by the provider' });
      expect(b.cookie('JWT')).toBeUndefined();
    } finally {
      delete fakes.get('github')!.knobs.tokenErrorWith200;
    }
  });

  it('github: numericId uses the numeric id', async () => {
    const fake = fakes.get('github')!;
    const p = githubProvider({
      clientId: 'github-id',
      clientSecret: 'github-secret',
      numericId: true,
      endpoints: fake.endpoints(),
    });
    const local = await startService([p], { avatars: false });
    try {
      const nav = await new Browser().navigate(`${local.url}/auth/github/login`);
      expect(JSON.parse(nav.body).id).toBe(`github_${sha1('gid:1')}`);
    } finally {
      await local.close();
    }
  });

  it('scopes can be extended without a custom provider', async () => {
    const p = googleProvider({ clientId: 'x', clientSecret: 'y', scopes: ['email', 'openid'] });
    const local = await startService([p], { avatars: false });
    try {
      const res = await fetch(`${local.url}/auth/google/login`, { redirect: 'manual' });
      const auth = new URL(res.headers.get('location')!);
      expect(auth.origin + auth.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(auth.searchParams.get('scope')).toBe(
        'https://www.googleapis.com/auth/userinfo.profile email openid',
      );
    } finally {
      await local.close();
    }
  });

  it('microsoft: the tenant is part of the endpoints', async () => {
    const local = await startService(
      [microsoftProvider({ clientId: 'x', clientSecret: 'y', tenant: 'contoso' })],
      {
        avatars: false,
      },
    );
    try {
      const res = await fetch(`${local.url}/auth/microsoft/login`, { redirect: 'manual' });
      expect(res.headers.get('location')).toMatch(
        /^https:\/\/login\.microsoftonline\.com\/contoso\/oauth2\/v2\.0\/authorize\?/,
      );
    } finally {
      await local.close();
    }
  });

  it('patreon: an active membership sets is_paid_sub', async () => {
    const { b } = await login('patreon');
    const res = await b.request(`${svc.url}/auth/user`, {
      headers: { 'x-xsrf-token': b.cookie('XSRF-TOKEN')! },
    });
    expect(await res.json()).toHaveProperty('attrs', { is_paid_sub: true });
  });

  it('refuses configuration without client credentials', () => {
    expect(() => githubProvider({ clientId: '', clientSecret: 'x' })).toThrow(TypeError);
  });
});
