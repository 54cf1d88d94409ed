/**
 * The base of every failure this package answers itself: a stable `code` for programs and the HTTP
 * `status` to answer, beside the message. Each side has its subclass and its table of codes:
 * query/errors.ts (a query's mistakes 400/413, an unknown parent 404, content negotiation
 * 406/415), store/errors.ts (the store is the limit, 503) and commands/errors.ts (a command
 * refused or not applied, with the offending field).
 * @module
 */

export abstract class ResourcesError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly status: number;

  constructor(code: Code, status: number, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
  }
}
