/**
 * @module areas/admin
 * The administration routes under `/admin` (route group `admin`, default rule: loopback clients or
 * admins). `GET /admin/access` lists each route group with its paths and rule, so an operator can
 * see what the running service enforces. Other areas add their admin routes under `/admin/...`
 * and get the same rule.
 */
import { groupNames, routeGroups } from '../access/groups.js';
import { describeRules } from '../access/rules.js';
import type { Area } from './area.js';

export const adminArea: Area = async (app, { config, announce }) => {
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
  announce('admin: GET /admin/access');
};
