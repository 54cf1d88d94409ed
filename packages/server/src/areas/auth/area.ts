/**
 * @module areas/auth/area
 * Mounts `@gatehouse/auth` at `/auth` (login, logout, user, status, list) and its avatar route. The
 * plugin is registered on the root instance because it declares `request.user` for every area; its
 * routes live in the plugin's own child context. Closing the app closes the providers.
 */

import { authMountPath } from '../../access/groups.js';
import type { Area } from '../area.js';

export const authArea: Area = async (app, { auth, announce }) => {
  await app.register(auth.fastify.plugin);
  app.addHook('onClose', () => auth.close());
  const names = auth.providers().map((provider) => provider.name);
  announce(`auth: routes at ${authMountPath}, providers: ${names.length > 0 ? names.join(', ') : '(none)'}`);
};
