/**
 * @module state/config
 * Section `state`: where the service keeps its short-lived shared state (OAuth used-state records,
 * one-shot verify tokens, bot logins, revocations, login-throttling counters, webhook replay records
 * and rate limits). `database` is a `postgres://` URL (also from GATEHOUSE_STATE_DATABASE, so a
 * password stays out of the file) or `memory`; unset means the resources database when that is
 * PostgreSQL, else memory (this process only).
 */
import * as z from 'zod';
import { text } from '../settings/fields.js';

const expectedDatabase = 'expected "memory" or a postgres:// URL';

export const stateSection = z
  .strictObject({
    /** `memory` or a postgres:// URL; unset: the resources database when it is PostgreSQL, else memory. */
    database: text
      .refine((value) => value === 'memory' || /^postgres(ql)?:\/\/./i.test(value), {
        error: expectedDatabase,
      })
      .optional(),
  })
  .prefault({});

export type StateConfig = z.output<typeof stateSection>;
