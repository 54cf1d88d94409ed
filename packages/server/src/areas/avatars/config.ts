/**
 * @module areas/avatars/config
 * Section `avatars`: where the avatar proxy keeps the users' pictures and how it serves them.
 * The default store is one LMDB file in the data folder, `bolt://<dataDir>/avatars.db`. The keys
 * are `@gatehouse/auth`'s `avatarStore`, `avatarRoutePath`, `avatarResizeLimit`, without the
 * `avatar` the section's name already says.
 */
import { defaults } from '@gatehouse/auth';
import * as z from 'zod';
import { text } from '../../settings/fields.js';

export const avatarsSection = z
  .strictObject({
    /** Off: no avatar route, and logins keep the provider's picture URL. */
    enabled: z.boolean({ error: 'expected true or false' }).default(true),
    /**
     * Store URI: `bolt://<file>` (LMDB), `file:///<dir>` or `/<dir>`, or
     * `mongodb://<host>:<port>/<db>?ava_db=<db>&ava_coll=<collection>`. Relative paths are taken
     * from the working directory. Default `bolt://<dataDir>/avatars.db`.
     */
    store: text
      .refine((uri) => !uri.includes('://') || /^(bolt|file|mongodb|mongodb\+srv):\/\//.test(uri), {
        error: 'expected bolt://FILE, file:///DIR, a directory path, or mongodb://HOST:PORT/DB',
      })
      .optional(),
    /** Route prefix of the avatar links: `<url><routePath>/<id>.image`. */
    routePath: text
      .regex(/^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/, { error: 'expected a path like "/avatar"' })
      .default(defaults.avatarRoutePath),
    /** Longest side in pixels; larger pictures are shrunk once, at login. 0 keeps the size. */
    resizeLimit: z
      .int({ error: 'expected a whole number of pixels' })
      .min(0, { error: 'expected 0 or more pixels' })
      .max(10_000, { error: 'expected at most 10000 pixels' })
      .default(defaults.avatarResizeLimit),
  })
  .prefault({});

export type AvatarsConfig = z.output<typeof avatarsSection>;
