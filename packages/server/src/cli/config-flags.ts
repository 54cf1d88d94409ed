/**
 * @module cli/config-flags
 * Flags that set a config key. Each row is one flag: its name, the dotted key it overrides, how its
 * text is converted and its help line. A new flag that maps to a config key is one new row here;
 * commands pick the rows they accept. `--config FILE` and `--help` are added to every command.
 */
import { type LoadedConfig, loadConfig } from '../config/load.js';
import type { Override } from '../config/sources.js';
import { type ConfigFlag, fromText } from '../settings/text-values.js';
import { type CommandIO, helpColumns } from './command.js';

export const hostFlag: ConfigFlag = {
  flag: 'host',
  key: 'server.host',
  kind: 'text',
  placeholder: 'H',
  help: 'interface to listen on (default 127.0.0.1)',
};
export const portFlag: ConfigFlag = {
  flag: 'port',
  key: 'server.port',
  kind: 'number',
  placeholder: 'N',
  help: 'port to listen on, 0 = any free port (default 8080)',
};
export const urlFlag: ConfigFlag = {
  flag: 'url',
  key: 'server.url',
  kind: 'text',
  placeholder: 'URL',
  help: 'external base URL (default http://<host>:<port>)',
};
export const dataDirFlag: ConfigFlag = {
  flag: 'data-dir',
  key: 'server.dataDir',
  kind: 'text',
  placeholder: 'DIR',
  help: 'data folder (default ./.data/gatehouse)',
};
export const avatarStoreFlag: ConfigFlag = {
  flag: 'avatar-store',
  key: 'avatars.store',
  kind: 'text',
  placeholder: 'URI',
  help: 'avatar store: bolt://FILE, file:///DIR, mongodb://... (default bolt://<data-dir>/avatars.db)',
};
export const verboseFlag: ConfigFlag = {
  flag: 'verbose',
  key: 'server.verbose',
  kind: 'boolean',
  help: 'log every request',
};
export const logLevelFlag: ConfigFlag = {
  flag: 'log-level',
  key: 'server.logLevel',
  kind: 'text',
  placeholder: 'LEVEL',
  help: 'fatal, error, warn, info (default), debug, trace or silent',
};
export const logFormatFlag: ConfigFlag = {
  flag: 'log-format',
  key: 'server.logFormat',
  kind: 'text',
  placeholder: 'F',
  help: 'json, pretty or auto (default: pretty on a terminal, else json)',
};

/** parseArgs options for `flags` plus `--config FILE` and `--help`. */
export function flagOptions(flags: readonly ConfigFlag[]) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    config: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const { flag, kind } of flags) options[flag] = { type: kind === 'boolean' ? 'boolean' : 'string' };
  return options;
}

/** The overrides the given flag values make, in table order. */
export function flagOverrides(flags: readonly ConfigFlag[], values: Record<string, unknown>): Override[] {
  const overrides: Override[] = [];
  for (const { flag, key, kind } of flags) {
    const value = values[flag];
    if (value === undefined) continue;
    overrides.push({
      key,
      value: typeof value === 'string' ? fromText(value, kind) : value,
      source: `--${flag}`,
    });
  }
  return overrides;
}

/** Loads the config with the file from `--config` and the flags' overrides. */
export function loadConfigWithFlags(
  flags: readonly ConfigFlag[],
  values: Record<string, unknown>,
  io: CommandIO,
): LoadedConfig {
  const file = typeof values.config === 'string' ? values.config : undefined;
  return loadConfig({ file, cwd: io.cwd, env: io.env, flags: flagOverrides(flags, values) });
}

/** Help lines for `flags`, `--config` and `--help`, aligned. */
export function flagHelp(flags: readonly ConfigFlag[]): string {
  const rows: [string, string][] = [
    ['--config FILE', 'config file (default ./gatehouse.config.json when present; env GATEHOUSE_CONFIG)'],
    ...flags.map((f): [string, string] => [`--${f.flag}${f.placeholder ? ` ${f.placeholder}` : ''}`, f.help]),
    ['-h, --help', 'show this help'],
  ];
  return helpColumns(rows);
}
