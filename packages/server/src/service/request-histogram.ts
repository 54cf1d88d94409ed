/**
 * @module service/request-histogram
 * The HTTP request histogram (`method`, `route`, `status`), counted on every answer of every route.
 * prom-client's `Histogram.observe` validates the label names and builds a key string from the
 * sorted labels on each call; here a series is found by three map lookups on values the request
 * already holds (the route template is one string per route), and counting is a few additions. The
 * registry sees a metric of prom-client's shape, so the exposition is the same text a prom-client
 * histogram writes, and the cluster aggregation sums it like one.
 */
import type { Metric, Registry } from 'prom-client';

interface Series {
  readonly labels: { readonly method: string; readonly route: string; readonly status: string };
  /** Observations per bucket, not cumulative; the last slot counts those above every bound. */
  readonly counts: number[];
  sum: number;
  count: number;
}

interface Sample {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Series['labels'];
  metricName: string;
}

export class RequestHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  /** How a primary process combines the workers' values (prom-client's AggregatorRegistry). */
  readonly aggregator = 'sum';
  readonly #bounds: readonly number[];
  readonly #series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(options: { name: string; help: string; buckets: readonly number[]; registry: Registry }) {
    this.name = options.name;
    this.help = options.help;
    this.#bounds = [...options.buckets].sort((a, b) => a - b);
    options.registry.registerMetric(this as unknown as Metric);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const series = this.#find(method, route, status);
    let bucket = 0;
    while (bucket < this.#bounds.length && seconds > this.#bounds[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  #find(method: string, route: string, status: number): Series {
    let byMethod = this.#series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.#series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { labels, counts: new Array<number>(this.#bounds.length + 1).fill(0), sum: 0, count: 0 };
      byStatus.set(status, series);
    }
    return series;
  }

  /** The samples with each series' labels apart (`sharedLabels`), as the registry writes text from. */
  getForPromString() {
    const values: Sample[] = [];
    for (const byMethod of this.#series.values()) {
      for (const byStatus of byMethod.values()) {
        for (const series of byStatus.values()) values.push(...this.#samples(series));
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** The samples with every label in `labels`, as `getMetricsAsJSON` and the cluster aggregation read. */
  async get() {
    const data = this.getForPromString();
    const values = data.values.map(({ sharedLabels, ...sample }) => ({
      ...sample,
      labels: { ...sample.labels, ...sharedLabels },
    }));
    return { ...data, values };
  }

  reset(): void {
    this.#series.clear();
  }

  #samples(series: Series): Sample[] {
    const shared = series.labels;
    const samples: Sample[] = [];
    let cumulative = 0;
    this.#bounds.forEach((bound, index) => {
      cumulative += series.counts[index]!;
      samples.push({
        value: cumulative,
        labels: { le: bound },
        sharedLabels: shared,
        metricName: `${this.name}_bucket`,
      });
    });
    samples.push(
      {
        value: series.count,
        labels: { le: '+Inf' },
        sharedLabels: shared,
        metricName: `${this.name}_bucket`,
      },
      { value: series.sum, labels: {}, sharedLabels: shared, metricName: `${this.name}_sum` },
      { value: series.count, labels: {}, sharedLabels: shared, metricName: `${this.name}_count` },
    );
    return samples;
  }
}
