/** Session tokens signed with a service's secret, for users a test cannot log in as (a role, an old session). */
import { type Claims, Service, type User } from '@gatehouse/auth';

/** A token of the `local` provider for `user`, with any other claims (`exp` in the past for an expired one). */
export async function mintToken(
  secret: string,
  user: User,
  claims: Partial<Claims> = {},
): Promise<{ token: string; jti: string; cookie: string }> {
  const tokens = new Service({ secretReader: () => secret }).tokens;
  const issued = await tokens.issue({ user, auth_provider: { name: 'local' }, ...claims });
  const jti = issued.claims.jti!;
  return { token: issued.token, jti, cookie: `JWT=${issued.token}; XSRF-TOKEN=${jti}` };
}
