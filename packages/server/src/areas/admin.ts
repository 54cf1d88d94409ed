/**
 * @module areas/admin
 * The administration routes under `/admin` (route group `admin`, default rule: loopback clients or
 * admins). `GET /admin/access` lists each route group with its paths and rule, so an operator can
 * see what the running service enforces; `POST /admin/sessions/revoke` ends every session of a user
 * (`{"user": "<credentials-file name>"}` or `{"id": "<user id>"}`). Other areas add their admin
 * routes under `/admin/...` and get the same rule.
 */
import { hashId } from '@gatehouse/auth';
import { groupNames, routeGroups } from '../access/groups.js';
import { describeRules } from '../access/rules.js';
import type { Area } from './area.js';

const revokeBody = {
  type: 'object',
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 64 },
    id: { type: 'string', minLength: 1, maxLength: 256 },
  },
  additionalProperties: false,
  oneOf: [{ required: ['user'] }, { required: ['id'] }],
} as const;

export const adminArea: Area = async (app, { config, auth, announce }) => {
  app.get('/admin/access', async () =>
    Object.fromEntries(
      groupNames.map((name) => [
        name,
        {
          routes: routeGroups[name].routes(config),
          rule: config.access[name],
          means: describeRules(config.access[name]),
        },
      ]),
    ),
  );
  app.post<{ Body: { user?: string; id?: string } }>(
    '/admin/sessions/revoke',
    { schema: { body: revokeBody } },
    async (request) => {
      const { user, id } = request.body;
      const userId = id ?? `${config.auth.direct.name}_${hashId(user!)}`;
      await auth.revokeSessions(userId);
      return { revoked: userId };
    },
  );
  announce('admin: GET /admin/access, POST /admin/sessions/revoke');
};
