/**
 * @module areas/auth/telegram-provider
 * Builds the messenger-bot provider (`"kind": "telegram"`) from its config entry: the Bot API
 * client with the bot token from the variable `tokenEnv` names (the token never leaves the client:
 * not in a log line nor an error) and the service's state store for pending logins, so that with
 * several instances each step of a login may reach any of them. The bot polls for updates from
 * start-up until the service closes.
 */
import { HttpTelegramAPI, TelegramProvider } from '@gatehouse/auth';
import type { ProviderParts } from './provider-parts.js';
import type { ProviderEntry } from './providers-config.js';

export type TelegramEntry = Extract<ProviderEntry, { kind: 'telegram' }>;

export function telegramProviderFromConfig(
  entry: TelegramEntry,
  index: number,
  parts: ProviderParts,
): TelegramProvider {
  const telegram = new HttpTelegramAPI({
    token: parts.secretAt(`auth.providers.${index}.tokenEnv`),
    ...(entry.apiURL !== undefined ? { baseURL: entry.apiURL } : {}),
  });
  return new TelegramProvider({
    providerName: entry.name,
    telegram,
    ...(entry.successMsg !== undefined ? { successMsg: entry.successMsg } : {}),
    ...(entry.errorMsg !== undefined ? { errorMsg: entry.errorMsg } : {}),
  });
}
