/**
 * @module config/schema
 * The whole config file: one section per area, each defined in its own file (`config/<area>.ts`).
 * To add a section, write that file and add one line here. Checks that span sections (access
 * rules against the listening address and TLS) run once every section is valid.
 */
import * as z from 'zod';
import { accessSection, checkAccess } from '../access/config.js';
import { authSection } from '../areas/auth/config.js';
import { avatarsSection } from '../areas/avatars/config.js';
import { forwardAuthSection } from '../areas/forward-auth/config.js';
import { resourcesSection } from '../areas/resources/config.js';
import { webhooksSection } from '../areas/webhooks/config.js';
import { stateSection } from '../state/config.js';
import { checkTls, tlsSection } from '../tls/config.js';
import { serverSection } from './server.js';

export const configSchema = z
  .strictObject({
    /** Lets editors validate the file; ignored by the service. */
    $schema: z.string().optional(),
    server: serverSection,
    tls: tlsSection,
    access: accessSection,
    auth: authSection,
    avatars: avatarsSection,
    resources: resourcesSection,
    state: stateSection,
    webhooks: webhooksSection,
    forwardAuth: forwardAuthSection,
  })
  .superRefine(
    (config, ctx) => {
      const problems = [
        ...checkTls(config.tls),
        ...checkAccess(config.access, {
          host: config.server.host,
          clientCertificates: config.tls.cert === undefined ? undefined : config.tls.clientCerts,
          credentialsFile: config.auth.direct.enabled,
        }),
      ];
      for (const { path, message } of problems) {
        const input = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], config);
        ctx.addIssue({ code: 'custom', path, message, input });
      }
    },
    { when: (payload) => payload.issues.length === 0 },
  ); // only a config whose sections are valid

/** The validated configuration, every default filled in and durations in milliseconds. */
export type GatehouseConfig = z.output<typeof configSchema>;
/** What a config file may contain. */
export type GatehouseConfigInput = z.input<typeof configSchema>;
