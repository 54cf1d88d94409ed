/**
 * @module providers/builtin/github
 * GitHub (and GitHub Enterprise through `endpoints`). The id is the login by default, as integrators
 * of the reference rely on; `numericId: true` uses the stable numeric id instead (logins can be
 * renamed and recycled).
 */
import type { OAuth2Provider } from '../oauth2/oauth2-provider.js';
import { denied, readJsonObject } from '../oauth2/request.js';
import { type BuiltinOptions, createBuiltin } from './define.js';

export interface GithubOptions extends BuiltinOptions {
  numericId?: boolean;
}

export function githubProvider(opts: GithubOptions): OAuth2Provider {
  return createBuiltin(
    {
      name: 'github',
      endpoints: {
        authURL: 'https://github.com/login/oauth/authorize',
        tokenURL: 'https://github.com/login/oauth/access_token',
        infoURL: 'https://api.github.com/user',
      },
      scopes: [],
      checkTokenResponse: githubTokenErrorWith200,
      mapUser: (d) => {
        const rawId = opts.numericId ? `gid:${d.requireId('id')}` : d.requireId('login');
        return {
          rawId,
          name: d.value('name') || d.value('login'),
          picture: d.value('avatar_url'),
          email: d.value('email'),
        };
      },
    },
    opts,
  );
}

/** GitHub answers token errors (e.g. `bad_verification_code`) with status 200. */
async function githubTokenErrorWith200(res: Response): Promise<void> {
  if (res.status !== 200) return;
  const body = await readJsonObject(res, 'token answer').catch(() => undefined);
  if (body !== undefined && typeof body.error === 'string') {
    throw denied(new Error(`github token error: ${body.error}`));
  }
}
