/**
 * @module areas/admin/area
 * The administration routes under `/admin` (route group `admin`, default rule: loopback clients or
 * admins). `GET /admin/access` lists each route group with its paths and rule, so an operator can
 * see what the running service enforces; `POST /admin/sessions/revoke` ends every session of a user
 * (`{"user": "<credentials-file name>"}`: through every provider backed by the credentials file, or
 * `{"id": "<user id>"}`). Other areas add their admin
 * routes under `/admin/...` and get the same rule.
 */
import type { AccessSettings } from '../../access/access.js';
import { groupNames, routeGroups } from '../../access/groups.js';
import { describeRules } from '../../access/rules.js';
import { type CredentialProviderSettings, credentialUserIds } from '../../data/credential-sessions.js';
import type { Area } from '../area.js';

const revokeBody = {
  type: 'object',
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 64 },
    id: { type: 'string', minLength: 1, maxLength: 256 },
  },
  additionalProperties: false,
  oneOf: [{ required: ['user'] }, { required: ['id'] }],
} as const;

/** Who may call: the admin rule (loopback clients or admins, by basic auth or a token). */
const adminSecurity: Record<string, string[]>[] = [
  { basic: [] },
  { jwtCookie: [], xsrfHeader: [] },
  { jwtHeader: [] },
];

const errorAnswer = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };

const accessSchema = {
  tags: ['admin'],
  summary: 'Each route group with its paths, its rule and what the rule means',
  security: adminSecurity,
  response: {
    200: {
      description: 'Route groups by name',
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          routes: { type: 'array', items: { type: 'string' } },
          rule: {},
          means: { type: 'string' },
        },
      },
    },
  },
};

const revokeSchema = {
  tags: ['admin'],
  summary: 'End every session of a user (a credentials-file name, or a user id)',
  security: adminSecurity,
  body: revokeBody,
  response: {
    200: {
      description:
        'The user id whose sessions end; `ids`: every one, one per provider of the credentials file',
      type: 'object',
      properties: { revoked: { type: 'string' }, ids: { type: 'array', items: { type: 'string' } } },
      required: ['revoked'],
    },
    400: { description: 'Not `{"user": ...}` nor `{"id": ...}`', ...errorAnswer },
  },
};

/** The rules it lists, and the providers a credentials-file name logs in through. */
export type AdminSettings = AccessSettings & CredentialProviderSettings;

export const adminArea: Area<AdminSettings> = async (app, { auth, announce }, config) => {
  app.get('/admin/access', { schema: accessSchema }, async () =>
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
    { schema: revokeSchema },
    async (request) => {
      const { user, id } = request.body;
      // A name: its sessions through every provider backed by the credentials file.
      const ids = id === undefined ? credentialUserIds(config, user!) : [id];
      for (const userId of ids) await auth.revokeSessions(userId);
      return { revoked: ids[0]!, ids };
    },
  );
  announce('admin: GET /admin/access, POST /admin/sessions/revoke');
};
