/**
 * @module import/import-catalogs
 * Loads catalog JSON files into a store: each file is a `replace catalog` payload in wire format
 * v9 (or a command body `{"command": "replace catalog", "version": N, "payload": {...}}`).
 * Every file goes through the same checks and the same atomic apply as the HTTP command, so a bad
 * file is reported and skipped without leaving anything half-written. Directories are walked
 * recursively for `*.json`, in name order.
 */

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type ApplyOutcome, applyCatalog } from '../commands/apply-catalog.js';
import { type Catalog, readCatalog } from '../commands/catalog-payload.js';
import { CommandError } from '../commands/errors.js';
import type { ResourceStore } from '../store/types.js';

/** Progress after each file. */
export interface ImportProgress {
  readonly done: number;
  readonly total: number;
  readonly file: string;
  readonly outcome: ApplyOutcome | 'failed';
}

/** Options of `importCatalogs`. */
export interface ImportOptions {
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Replace each catalog's producer_timestamp with the current time (handy for sample files). */
  readonly restamp?: boolean;
  readonly now?: () => Date;
}

/** What an import did. */
export interface ImportSummary {
  readonly files: number;
  readonly stored: number;
  readonly unchanged: number;
  readonly stale: number;
  readonly resources: number;
  readonly failed: readonly { readonly file: string; readonly error: string }[];
}

/** Expands files and directories into the list of JSON files to import. */
export async function listCatalogFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path);
    if (!info.isDirectory()) {
      files.push(path);
      continue;
    }
    const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) files.push(...(await listCatalogFiles([child])));
      else if (entry.name.endsWith('.json')) files.push(child);
    }
  }
  return files;
}

/** Reads one file into a checked catalog (throws a CommandError or a SyntaxError). */
export async function readCatalogFile(file: string): Promise<Catalog> {
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  const envelope = json as { command?: unknown; version?: unknown; payload?: unknown };
  if (envelope && typeof envelope === 'object' && 'payload' in envelope && 'command' in envelope) {
    const name = String(envelope.command).replaceAll('_', ' ');
    if (name !== 'replace catalog') {
      throw new CommandError(
        'ERR_CMD_UNSUPPORTED_COMMAND',
        `only "replace catalog" files can be imported, not ${JSON.stringify(name)}`,
      );
    }
    return readCatalog(envelope.payload, Number(envelope.version ?? 9));
  }
  return readCatalog(json, 9);
}

/** Imports every catalog file under `paths` into `store`, one transaction per catalog. */
export async function importCatalogs(
  store: ResourceStore,
  paths: readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const now = options.now ?? (() => new Date());
  const files = await listCatalogFiles(paths);
  const counts = { stored: 0, unchanged: 0, stale: 0, resources: 0 };
  const failed: { file: string; error: string }[] = [];
  for (const [i, file] of files.entries()) {
    let outcome: ApplyOutcome | 'failed';
    try {
      const read = await readCatalogFile(file);
      const catalog = options.restamp ? { ...read, producerTimestamp: now().toISOString() } : read;
      outcome = await applyCatalog(store, catalog, now().toISOString());
      counts[outcome]++;
      if (outcome !== 'stale') counts.resources += catalog.resources.length;
    } catch (error) {
      outcome = 'failed';
      failed.push({ file, error: (error as Error).message });
    }
    options.onProgress?.({ done: i + 1, total: files.length, file, outcome });
  }
  return { files: files.length, ...counts, failed };
}
