import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram.js';

const buckets = [0.001, 0.01, 0.1, 1];
const observations: [string, string, number, number][] = [
  ['GET', '/ping', 200, 0.0004],
  ['GET', '/ping', 200, 0.001],
  ['GET', '/auth/user', 401, 0.02],
  ['POST', '/auth/:provider/login', 200, 3],
  ['GET', '/ping', 200, 0.5],
];

describe('RequestHistogram', () => {
  it("writes the exposition text and JSON of prom-client's Histogram for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const name = 'http_request_duration_seconds';
    const histogram = new RequestHistogram({ name, help: 'requests', buckets, registry: ours });
    const reference = new Histogram({
      name,
      help: 'requests',
      labelNames: ['method', 'route', 'status'],
      buckets,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of observations) {
      histogram.observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const samples = async (registry: Registry) =>
      (await registry.getMetricsAsJSON())[0]!.values.map(({ value, labels }) => ({ value, labels }));
    expect(await samples(ours)).toEqual(await samples(theirs));
    // Workers' registries sum up in a primary like prom-client's own histograms.
    const summed = AggregatorRegistry.aggregate([
      await ours.getMetricsAsJSON(),
      await ours.getMetricsAsJSON(),
    ]);
    expect(await summed.metrics()).toContain(`${name}_count{method="GET",route="/ping",status="200"} 6`);
    histogram.reset();
    expect(await ours.metrics()).toBe(`# HELP ${name} requests\n# TYPE ${name} histogram\n`);
  });
});
