/**
 * @module avatar/load-sharp
 * sharp, imported on first use: its native library takes a noticeable part of a second to load,
 * and `@gatehouse/auth` should not cost that to an integrator who never stores an avatar.
 */
import type sharpFunction from 'sharp';

export type Sharp = typeof sharpFunction;

let loading: Promise<Sharp> | undefined;

/** The sharp function; the module is imported once, by the first caller. */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
