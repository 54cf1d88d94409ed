/**
 * @module areas/avatars/area
 * The avatar proxy's options for the auth Service (the route itself is served by the auth plugin),
 * and the start-up line saying where avatars live. Relative store paths are made absolute against
 * the working directory, so the service and `gatehouse avatars migrate` name the same file.
 */
import { isAbsolute, resolve } from 'node:path';
import { describeAvatarStoreURI, type Opts } from '@gatehouse/auth';
import type { Area } from '../area.js';
import type { AvatarsConfig } from './config.js';

/** A bare relative directory or a relative `bolt://`/`file://` path, made absolute against `cwd`. */
export function storeURIFromArg(arg: string, cwd: string): string {
  const scheme = /^(bolt|file):\/\//.exec(arg)?.[0];
  if (scheme) {
    const path = arg.slice(scheme.length);
    return isAbsolute(path) ? arg : `${scheme}${resolve(cwd, path)}`;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return arg;
  return resolve(cwd, arg);
}

/** The `avatars` section and the data folder its store defaults into. */
export interface AvatarsSettings {
  readonly avatars: AvatarsConfig;
  readonly server: { readonly dataDir: string };
}

/** The configured store URI: `avatars.store`, else `bolt://<dataDir>/avatars.db`. */
export function avatarStoreURI(config: AvatarsSettings, cwd = process.cwd()): string {
  return storeURIFromArg(
    config.avatars.store ?? `bolt://${resolve(cwd, config.server.dataDir, 'avatars.db')}`,
    cwd,
  );
}

/** The auth options of the `avatars` section; none when avatars are off. */
export function avatarOptions(config: AvatarsSettings): Partial<Opts> {
  const { avatars } = config;
  if (!avatars.enabled) return {};
  return {
    avatarStore: avatarStoreURI(config),
    avatarRoutePath: avatars.routePath,
    avatarResizeLimit: avatars.resizeLimit,
  };
}

/** Announces the store; a store that cannot open is logged when the proxy first needs it. */
export const avatarsArea: Area<AvatarsSettings> = async (_app, { announce }, config) => {
  if (!config.avatars.enabled) {
    announce('avatars: off (pictures stay at the provider)');
    return;
  }
  const uri = describeAvatarStoreURI(avatarStoreURI(config));
  announce(`avatars: store ${uri}, route ${config.avatars.routePath}/<id>.image`);
};
