/**
 * @module config/resources
 * Section `resources`: the PuppetDB-compatible resource query API. Owned by the resources area; it
 * accepts no keys until that area defines them, so a typo is reported instead of ignored.
 */
import * as z from 'zod';

export const resourcesSection = z.strictObject({}).prefault({});

export type ResourcesConfig = z.output<typeof resourcesSection>;
