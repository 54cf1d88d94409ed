/**
 * @module access/config
 * Section `access`: one key per route group (`access/groups.ts`) holding its rule, or a list of rules
 * of which any one lets a request in; unset keys take the group's safe default. `allowPublicWrites`
 * names the writing groups that may be public on a network address, and `admins` the users the
 * service treats as administrators. {@link checkAccess} holds the checks that need other sections
 * (a public writing group on a non-loopback address, certificate rules without client certificates).
 */
import * as z from 'zod';
import { stringList, text } from '../settings/fields.js';
import { type GroupName, groupNames, routeGroups, writingGroups } from './groups.js';
import { isLoopbackHost } from './loopback.js';
import { isCertificateRule, namedRules, type RuleSpec } from './rules.js';

const expectedRule =
  'expected "public", "loopback", "authenticated", "admin", "basic", {"roles": [...]}, {"certificates": [...]} or {"certificateFile": "..."}, or a list of these';

const oneRule = z.union(
  [
    z.enum(namedRules as [string, ...string[]]),
    z.strictObject({ roles: z.array(text).min(1) }),
    z.strictObject({ certificates: z.array(text).min(1) }),
    z.strictObject({ certificateFile: text }),
  ],
  { error: expectedRule },
);

const ruleList = z
  .union([oneRule, z.array(oneRule, { error: expectedRule }).min(1, { error: expectedRule })], {
    error: expectedRule,
  })
  .transform((value) => (Array.isArray(value) ? value : [value]) as RuleSpec[]);

const groupKeys = Object.fromEntries(
  groupNames.map((name) => [name, ruleList.default([...routeGroups[name].defaultRule] as RuleSpec[])]),
) as { [K in GroupName]: z.ZodDefault<typeof ruleList> };

export const accessSection = z
  .strictObject({
    ...groupKeys,
    /** Writing groups that may be `public` while the service listens beyond loopback. */
    allowPublicWrites: z
      .array(z.enum(writingGroups as [string, ...string[]]), {
        error: `expected a list of route groups from ${writingGroups.join(', ')}`,
      })
      .default([]),
    /** Users the service treats as admins: a credentials-file name, or a full user id (`github_...`). */
    admins: stringList.default(['admin']),
  })
  .prefault({});

export type AccessConfig = z.output<typeof accessSection>;

/** What {@link checkAccess} needs from the other sections. */
export interface AccessContext {
  host: string;
  clientCertificates: 'none' | 'optional' | 'required' | undefined;
  /** The direct provider's credentials file is in use (the `basic` rule checks it). */
  credentialsFile: boolean;
}

/** A problem found across sections: the key it belongs to and the line to show. */
export interface AccessProblem {
  path: string[];
  message: string;
}

/**
 * Cross-section checks: a writing group open to everyone on a network address needs its name in
 * `allowPublicWrites`; a certificate rule needs TLS with client certificates.
 */
export function checkAccess(access: AccessConfig, context: AccessContext): AccessProblem[] {
  const problems: AccessProblem[] = [];
  for (const name of groupNames) {
    const rules = access[name];
    const group = routeGroups[name];
    if (
      group.writes &&
      rules.includes('public') &&
      !isLoopbackHost(context.host) &&
      !access.allowPublicWrites.includes(name)
    ) {
      problems.push({
        path: ['access', name],
        message: `"public" lets anyone who reaches ${context.host} use the ${name} routes (${group.summary}, which write); to allow that, add "${name}" to access.allowPublicWrites`,
      });
    }
    if (rules.some(isCertificateRule) && (context.clientCertificates ?? 'none') === 'none') {
      problems.push({
        path: ['access', name],
        message:
          'a certificate rule needs HTTPS with client certificates: set tls.cert, tls.key, tls.ca and tls.clientCerts "optional" or "required"',
      });
    }
    if (rules.includes('basic') && !context.credentialsFile) {
      problems.push({
        path: ['access', name],
        message: '"basic" checks the credentials file of the direct provider: set auth.direct.enabled true',
      });
    }
  }
  return problems;
}
