/**
 * @module internal/maybe-promise
 * The guarded hot path answers synchronously when it can (a cached token, a synchronous
 * validator): every `await` costs microtasks and allocations on each request, which is what keeps
 * a guarded route close to an unguarded one. These helpers chain a value that may or may not be a
 * promise without forcing it into one.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/** `next(value)`, now when `value` is plain, later when it is a promise; `fail` sees sync throws and rejections. */
export function chain<T, R>(
  run: () => MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
  fail: (error: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  let value: MaybePromise<T>;
  try {
    value = run();
  } catch (error) {
    return fail(error);
  }
  if (isPromise(value)) return value.then(next).then(undefined, fail);
  try {
    return next(value);
  } catch (error) {
    return fail(error);
  }
}
