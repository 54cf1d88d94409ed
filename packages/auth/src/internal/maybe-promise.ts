/**
 * @module internal/maybe-promise
 * The guarded hot path answers synchronously when it can (a cached token, a synchronous
 * validator): every `await` costs microtasks and allocations on each request, which is what keeps
 * a guarded route close to an unguarded one. Functions on that path return a plain value when
 * they have one, and a promise only when they must wait.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}
