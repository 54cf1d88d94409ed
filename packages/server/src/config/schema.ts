/**
 * @module config/schema
 * The whole config file: one section per area, each defined in its own file (`config/<area>.ts`).
 * To add a section, write that file and add one line here.
 */
import * as z from 'zod';
import { authSection } from './auth.js';
import { avatarsSection } from './avatars.js';
import { resourcesSection } from './resources.js';
import { serverSection } from './server.js';
import { webhooksSection } from './webhooks.js';

export const configSchema = z.strictObject({
  /** Lets editors validate the file; ignored by the service. */
  $schema: z.string().optional(),
  server: serverSection,
  auth: authSection,
  avatars: avatarsSection,
  resources: resourcesSection,
  webhooks: webhooksSection,
});

/** The validated configuration, every default filled in and durations in milliseconds. */
export type GatehouseConfig = z.output<typeof configSchema>;
/** What a config file may contain. */
export type GatehouseConfigInput = z.input<typeof configSchema>;
