/**
 * @module data/database
 * How a database is named in the start-up summary and in command output: the SQLite file, or the
 * PostgreSQL URL with its password masked, so a log line never carries the secret.
 */
import { isPostgresUrl } from '@gatehouse/resources';

/** A store name safe to print: a PostgreSQL URL loses its password. */
export function describeDatabase(database: string): string {
  if (!isPostgresUrl(database)) return `SQLite ${database}`;
  const url = new URL(database);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}
