/**
 * @module metrics/command-figures
 * What this instance's command processing did since it started, in the shapes of PuppetDB's
 * `puppetlabs.puppetdb.mq` mbeans (Dropwizard meters and timers): commands applied and failed,
 * with their rate since start, and the time from arrival to settled.
 */
import type { SettledCommand } from '../commands/settled-command.js';

// Type aliases, not interfaces: an mbean's attributes are read as a plain record.
export type Meter = {
  readonly Count: number;
  readonly MeanRate: number;
  readonly RateUnit: 'events/second';
};

export type Timer = Meter & {
  readonly Mean: number;
  readonly Max: number;
  readonly Min: number;
  readonly DurationUnit: 'milliseconds';
};

export class CommandFigures {
  readonly #started: number;
  readonly #now: () => number;
  #processed = 0;
  #fatal = 0;
  #totalMs = 0;
  #maxMs = 0;
  #minMs = Number.POSITIVE_INFINITY;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#started = now();
  }

  /** Counts one settled command (the plugin's `onCommandSettled`). */
  settled(command: SettledCommand): void {
    if (command.outcome === 'failed') {
      this.#fatal += 1;
      return;
    }
    const ms = command.seconds * 1000;
    this.#processed += 1;
    this.#totalMs += ms;
    this.#maxMs = Math.max(this.#maxMs, ms);
    this.#minMs = Math.min(this.#minMs, ms);
  }

  #meter(count: number): Meter {
    const seconds = Math.max((this.#now() - this.#started) / 1000, 1e-3);
    return { Count: count, MeanRate: count / seconds, RateUnit: 'events/second' };
  }

  get processed(): Meter {
    return this.#meter(this.#processed);
  }

  get fatal(): Meter {
    return this.#meter(this.#fatal);
  }

  /** Arrival to applied, of the commands applied. */
  get processingTime(): Timer {
    const count = this.#processed;
    return {
      ...this.#meter(count),
      Mean: count === 0 ? 0 : this.#totalMs / count,
      Max: this.#maxMs,
      Min: count === 0 ? 0 : this.#minMs,
      DurationUnit: 'milliseconds',
    };
  }
}
