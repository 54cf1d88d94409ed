/**
 * @module access/rules
 * The rules a route group can have, as written in the config (`access.<group>`): one rule, or a list
 * of which any one lets a request in. User rules are the guard modes of `@gatehouse/auth`
 * (`authenticated` = auth, `admin`, `roles` = rbac); the others are decided by the service.
 */

export type NamedRule =
  /** Everyone. */
  | 'public'
  /** Clients on this machine (127.0.0.0/8, ::1), not relayed by a proxy. */
  | 'loopback'
  /** Any logged-in user (JWT cookie + XSRF, X-JWT, ?token=, or the admin's basic auth). */
  | 'authenticated'
  /** A user with the admin attribute. */
  | 'admin'
  /** HTTP basic auth with a user of the credentials file. */
  | 'basic';

export type RuleSpec =
  | NamedRule
  /** A logged-in user whose role is one of these (case-insensitive). */
  | { readonly roles: readonly string[] }
  /** A verified client certificate whose CN (else a DNS SAN) is one of these names (case-insensitive). */
  | { readonly certificates: readonly string[] }
  /** The same, with the names in a file, one per line (`#` comments), PuppetDB's `certificate-allowlist`. */
  | { readonly certificateFile: string };

export const namedRules: readonly NamedRule[] = ['public', 'loopback', 'authenticated', 'admin', 'basic'];

/** One rule in words, for the start-up summary and `config check`. */
export function describeRule(rule: RuleSpec): string {
  if (typeof rule === 'string') {
    const words: Record<NamedRule, string> = {
      public: 'everyone',
      loopback: 'loopback clients',
      authenticated: 'logged-in users',
      admin: 'admins',
      basic: 'basic auth (credentials file)',
    };
    return words[rule];
  }
  if ('roles' in rule) return `users with role ${rule.roles.join(' or ')}`;
  if ('certificates' in rule) return `client certificates ${rule.certificates.join(', ')}`;
  return `client certificates listed in ${rule.certificateFile}`;
}

/** A rule list in words: `loopback clients or logged-in users`. */
export function describeRules(rules: readonly RuleSpec[]): string {
  return rules.map(describeRule).join(' or ');
}

/** True when the rule lets anyone in. */
export function isPublic(rules: readonly RuleSpec[]): boolean {
  return rules.includes('public');
}

/** True when a rule needs a client certificate. */
export function isCertificateRule(
  rule: RuleSpec,
): rule is { readonly certificates: readonly string[] } | { readonly certificateFile: string } {
  return typeof rule === 'object' && ('certificates' in rule || 'certificateFile' in rule);
}
