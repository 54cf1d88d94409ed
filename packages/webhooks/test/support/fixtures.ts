/** Module sources the end-to-end tests write into their temporary folders. */

/** A TypeScript class module with every way of declaring (or not declaring) a handler. */
export const HOOKS_TS = `
interface Params { msg?: string; _webhook?: unknown }

class Base {
  handleInherited() { return 'inherited'; }
}

/** Hooks used by the tests. */
export default class Hooks extends Base {
  calls = 0;

  /** handle* prefix: route "handleEcho" */
  async handleEcho(params: Params) {
    this.calls++;
    return { got: params };
  }

  /** @webhook */
  processForm(params: { email: string }) {
    return { ok: true, email: params.email };
  }

  /**
   * The tag's path wins over the prefix; tag names are case-insensitive.
   * @WEBHOOK stripe
   */
  handleStripe(params: { type?: string }) {
    return { stripeType: params.type ?? null };
  }

  /** @webhook github/push */
  async onPush(params: { ref?: string }) {
    return { pushed: params.ref ?? null };
  }

  /** Not a webhook. */
  secretAdmin() {
    return { admin: true };
  }

  handleNothing() {}

  handleCount() {
    return this.calls;
  }

  handleBigInt() {
    return 10n;
  }

  handleThrow(): never {
    throw new Error('database password is hunter2');
  }

  /** @timeout 50 */
  async handleSlow() {
    await new Promise((r) => setTimeout(r, 1000));
    return 'late';
  }

  /** @webhook */
  override toString() {
    return 'hooks';
  }
}
`;

/** A plain JavaScript object module. */
export const PLAIN_JS = `
export default {
  /** @webhook form */
  submit(params) { return { submitted: params.name }; },
  handleHello() { return 'hello'; },
  helper() { return 'not callable'; },
};
`;

/** A module without any handler. */
export const NO_HANDLERS_JS = `
export default class Plain {
  dangerous() { return 'ran'; }
}
`;
