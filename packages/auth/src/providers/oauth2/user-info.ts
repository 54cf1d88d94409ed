/**
 * @module providers/oauth2/user-info
 * GET of a provider's user-info URL with the access token; every failure mapped to one of the three
 * provider codes (a non-2xx answer is never hashed into a shared empty id, unlike the reference before #301).
 */

import { classifyProviderError, errorForStatus, PROVIDER_TIMEOUT_MS, readJsonObject } from './request.js';
import { UserData } from './user-data.js';

export interface UserInfoRequest {
  url: string;
  accessToken: string;
  /** The Authorization scheme; `Bearer` unless the provider wants another (Yandex: `OAuth`). */
  scheme?: string;
  headers?: Record<string, string>;
}

export const USER_AGENT = 'gatehouse-auth';

export async function fetchUserInfo(req: UserInfoRequest): Promise<UserData> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      headers: {
        accept: 'application/json',
        authorization: `${req.scheme ?? 'Bearer'} ${req.accessToken}`,
        // GitHub's API refuses requests without a User-Agent.
        'user-agent': USER_AGENT,
        ...req.headers,
      },
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (err) {
    throw classifyProviderError(err);
  }
  if (res.status < 200 || res.status > 299) {
    await res.body?.cancel();
    throw errorForStatus(res.status, 'user info');
  }
  return new UserData(await readJsonObject(res, 'user info'));
}

/** A fetch that sends the user's access token; for pictures that need it (Microsoft Graph). */
export function bearerFetch(accessToken: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${accessToken}`);
    return fetch(input, { ...init, headers });
  };
}
