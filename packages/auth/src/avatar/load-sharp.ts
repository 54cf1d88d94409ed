/**
 * @module avatar/load-sharp
 * sharp, imported on first use: its native library takes a noticeable part of a second to load,
 * and `@gatehouse/auth` should not cost that (nor its install) to an integrator who never stores
 * an avatar. It is an optional peer dependency.
 */
import type sharpFunction from 'sharp';
import { importOptional } from '../internal/optional-package.js';

export type Sharp = typeof sharpFunction;

let loading: Promise<Sharp> | undefined;

/** The sharp function; the module is imported once, by the first caller. */
export function loadSharp(): Promise<Sharp> {
  loading ??= importOptional('sharp', 'storing avatar pictures and identicons', () => import('sharp')).then(
    (module) => module.default,
  );
  return loading;
}
