/**
 * @module commands/errors
 * The one error type of the command side. The HTTP route answers `{"error", "code", "field"}` with
 * `status`; `message` follows PuppetDB's wording where it has one
 * (`Command "replace catalog" for certname "web1" is invalid. <reason>`).
 */

import { ResourcesError } from '../errors.js';

const COMMAND_ERROR_STATUS = {
  /** The body is not JSON, or not a JSON object where one is needed. */
  ERR_CMD_MALFORMED: 400,
  /** A required field or parameter is missing. */
  ERR_CMD_MISSING_FIELD: 400,
  /** A field has the wrong type or form. */
  ERR_CMD_INVALID_FIELD: 400,
  /** A URL parameter we do not know. */
  ERR_CMD_UNKNOWN_PARAMETER: 400,
  /** The command name is not one of PuppetDB's, or one we do not apply. */
  ERR_CMD_UNSUPPORTED_COMMAND: 400,
  /** The version is retired or newer than we know. */
  ERR_CMD_UNSUPPORTED_VERSION: 400,
  /** The certname of the URL and of the payload differ. */
  ERR_CMD_CERTNAME_MISMATCH: 400,
  /** Two resources of one catalog share type and title. */
  ERR_CMD_DUPLICATE_RESOURCE: 400,
  /** An edge names a resource that is not in the catalog. */
  ERR_CMD_DANGLING_EDGE: 400,
  /** The body is larger than the configured limit. */
  ERR_CMD_TOO_LARGE: 413,
  /** The body is compressed or typed in a way we do not read. */
  ERR_CMD_UNSUPPORTED_MEDIA: 415,
  /** `secondsToWaitForCompletion` passed before the command was applied. */
  ERR_CMD_TIMEOUT: 503,
  /** Applying the command failed (database error); nothing of it was stored. */
  ERR_CMD_FAILED: 503,
  /** The database is away, full, locked or unreadable: the command was not stored (Retry-After). */
  ERR_CMD_STORE_UNAVAILABLE: 503,
} as const;

/** Stable codes of command failures. */
export type CommandErrorCode = keyof typeof COMMAND_ERROR_STATUS;

/** Every code with its HTTP status (the README's error table is checked against this). */
export const COMMAND_ERROR_STATUSES: Readonly<Record<CommandErrorCode, number>> = COMMAND_ERROR_STATUS;

/** A command that cannot be accepted or applied. */
export class CommandError extends ResourcesError<CommandErrorCode> {
  /** The offending field, as a path (`resources[3].title`, `version`), when there is one. */
  readonly field: string | undefined;

  constructor(code: CommandErrorCode, message: string, field?: string) {
    super(code, COMMAND_ERROR_STATUS[code], message);
    this.field = field;
  }
}

/** Which command a validation failure is about, for PuppetDB's message prefix. */
export interface CommandContext {
  readonly command: string;
  readonly certname?: string | undefined;
}

/** A validation failure worded like PuppetDB's. */
export function invalidCommand(
  context: CommandContext,
  code: CommandErrorCode,
  reason: string,
  field?: string,
): CommandError {
  const who = context.certname === undefined ? '' : ` for certname ${JSON.stringify(context.certname)}`;
  return new CommandError(
    code,
    `Command ${JSON.stringify(context.command)}${who} is invalid. ${reason}`,
    field,
  );
}
