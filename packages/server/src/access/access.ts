/**
 * @module access/access
 * The access rules of the service, compiled once: one Fastify `onRequest` hook per route group
 * (none for a public group), attached to every route of the group when the route is registered
 * (an `onRoute` hook on the root instance, so no request ever tests its path). A route that falls
 * in no group stops start-up. Refusals answer 401/403 (429/503 while throttled or busy) in the
 * group's format: PuppetDB's `text/plain` for `/pdb`, `{"error": ...}` elsewhere.
 */
import type { Service } from '@gatehouse/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { basicRule, type PasswordCheck } from './basic-rule.js';
import { CertificateAllowlist, certificateRule } from './client-certificate.js';
import type { AccessConfig } from './config.js';
import { type GroupName, groupNames, type RoutePaths, routeGroups, wayInRoutes } from './groups.js';
import { isLoopbackClient } from './loopback.js';
import { describeRules, type RuleSpec } from './rules.js';
import { userRule } from './user-rules.js';
import { anyOf, combinedRefusal, isPromise, type Refusal, type RuleCheck, type Verdict } from './verdict.js';

/** The config the rules are compiled from: the `access` section, where routes are, the direct provider. */
export interface AccessSettings extends RoutePaths {
  readonly access: AccessConfig;
  readonly auth: { readonly direct: { readonly name: string } };
}

export interface AccessOptions {
  config: AccessSettings;
  auth: Service;
  /** Checks a credentials-file password for the `basic` rule; absent when the direct provider is off. */
  passwordCheck: PasswordCheck | undefined;
}

type Check = RuleCheck<FastifyRequest>;
type Done = (error?: Error) => void;

const notLoopback: Verdict = Object.freeze({
  ok: false as const,
  status: 403 as const,
  message: 'not a loopback client',
});

const loopbackRule: Check = (request) => (isLoopbackClient(request.raw) ? { ok: true } : notLoopback);

/** Does a registered route path fall under a group's pattern (exact, or `prefix/*`)? */
function matches(pattern: string, url: string): boolean {
  if (!pattern.endsWith('*')) return url === pattern;
  const base = pattern.slice(0, -1);
  return url.startsWith(base) || url === base.replace(/\/$/, '');
}

function send(reply: FastifyReply, format: 'json' | 'text', refusal: Refusal): void {
  reply.code(refusal.status);
  if (refusal.headers) reply.headers(refusal.headers);
  if (format === 'text') reply.type('text/plain; charset=utf-8').send(refusal.message);
  else reply.send({ error: refusal.message });
}

export class Access {
  readonly #config: AccessSettings;
  readonly #hooks = new Map<GroupName, onRequestHookHandler | undefined>();
  readonly #allowlists: CertificateAllowlist[] = [];

  constructor(options: AccessOptions) {
    this.#config = options.config;
    for (const name of groupNames) {
      const rules = options.config.access[name];
      this.#hooks.set(name, rules.includes('public') ? undefined : this.#compile(name, rules, options));
    }
  }

  /**
   * The group a registered route path belongs to; `way-in` for the login routes; `undefined` for
   * none. Groups come first: a group may hold a route below the login routes (`/auth/forward`).
   */
  groupOf(url: string): GroupName | 'way-in' | undefined {
    const group = groupNames.find((name) =>
      routeGroups[name].routes(this.#config).some((pattern) => matches(pattern, url)),
    );
    if (group !== undefined) return group;
    return wayInRoutes.some((pattern) => matches(pattern, url)) ? 'way-in' : undefined;
  }

  /** The `onRequest` hook of a group; `undefined` when the group is public. */
  hook(group: GroupName): onRequestHookHandler | undefined {
    return this.#hooks.get(group);
  }

  /** Guards every route registered after this call by its group; an unclassified route throws. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const group = this.groupOf(route.url);
      if (group === undefined) {
        throw new Error(
          `gatehouse: route ${route.method} ${route.url} belongs to no access group (add it to src/access/groups.ts)`,
        );
      }
      if (group === 'way-in') return;
      const hook = this.#hooks.get(group);
      if (!hook) return;
      const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [hook, ...existing];
    });
  }

  /** Re-reads allowlist files (SIGHUP); throws, keeping the old lists, when one cannot be read. */
  reload(): void {
    for (const allowlist of this.#allowlists) allowlist.reload();
  }

  /** One line per group with its rule, for the start-up summary and `config check`. */
  static describe(access: AccessConfig): string[] {
    return groupNames.map((name) => {
      const rules = access[name];
      const words = rules.includes('public') ? 'everyone' : describeRules(rules);
      return `access: ${name} (${routeGroups[name].summary}): ${words}`;
    });
  }

  #compile(group: GroupName, rules: readonly RuleSpec[], options: AccessOptions): onRequestHookHandler {
    const checks = rules.map((rule, index) => this.#check(rule, `access.${group}[${index}]`, options));
    const { format } = routeGroups[group];
    // One rule (the usual case) is asked directly: no rule list walked, no refusal list made.
    const [only] = checks;
    const single = checks.length === 1 && only !== undefined;
    const decide: Check = single ? only : (request) => anyOf(checks, request);
    const apply = (request: FastifyRequest, reply: FastifyReply, done: Done, verdict: Verdict) => {
      // anyOf combines the refusals of a list; a single rule's refusal is combined here, as one.
      if (!verdict.ok) return send(reply, format, single ? combinedRefusal([verdict]) : verdict);
      if (verdict.headers?.['set-cookie']) reply.headers(verdict.headers);
      if (verdict.user !== undefined) request.user = verdict.user;
      done();
    };
    return function accessGuard(request, reply, done) {
      const verdict = decide(request);
      // A closure only when the verdict must be waited for (a token not yet in the cache).
      if (isPromise(verdict)) verdict.then((settled) => apply(request, reply, done, settled), done);
      else apply(request, reply, done, verdict);
    };
  }

  #check(rule: RuleSpec, key: string, options: AccessOptions): Check {
    if (typeof rule === 'object') {
      if ('roles' in rule) return userRule(options.auth, { roles: rule.roles });
      const allowlist = new CertificateAllowlist(
        'certificates' in rule ? { names: rule.certificates } : { file: rule.certificateFile, key },
      );
      this.#allowlists.push(allowlist);
      return certificateRule(allowlist);
    }
    switch (rule) {
      case 'public':
        return () => ({ ok: true });
      case 'loopback':
        return loopbackRule;
      case 'authenticated':
        return userRule(options.auth, 'auth');
      case 'admin':
        return userRule(options.auth, 'admin');
      case 'basic':
        // access/config.ts refuses a basic rule without the credentials file
        if (!options.passwordCheck) throw new TypeError(`${key}: "basic" needs the credentials file`);
        return basicRule(options.passwordCheck, options.config.auth.direct.name);
    }
  }
}
