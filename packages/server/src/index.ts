/**
 * @module gatehouse
 * The service as a library: build the app for tests or embedding, load and validate the config, or
 * run the service in-process.
 */

export type { BuildAppOptions } from './app.js';
export { buildApp } from './app.js';
export type { Area, AreaContext } from './areas/area.js';
export type { AuthHooks } from './areas/auth/hooks.js';
export type { LoadConfigOptions, LoadedConfig } from './config/load.js';
export { defaultConfigFileName, loadConfig, serviceURL } from './config/load.js';
export type { GatehouseConfig, GatehouseConfigInput } from './config/schema.js';
export { configSchema } from './config/schema.js';
export { environmentVariables } from './config/sources.js';
export { CredentialsFile } from './data/credentials.js';
export type { DataFolder } from './data/folder.js';
export { openDataFolder } from './data/folder.js';
export type { LogFormat, Logger, ServiceLog, ServiceLogOptions } from './logging.js';
export { createServiceLog, libraryLogger } from './logging.js';
export type { RunningService, StartOptions } from './serve.js';
export { startService } from './serve.js';
export { ConfigError } from './settings/errors.js';
