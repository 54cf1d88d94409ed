/**
 * Reads a Prometheus text exposition with the Prometheus project's own parser
 * (`prometheus_client.parser` of its Python client, run by PROMETHEUS_PYTHON; see
 * scripts/setup/16-prometheus-client.sh): a scrape the parser refuses fails the test.
 */
import { execFileSync } from 'node:child_process';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface MetricFamily {
  readonly name: string;
  /** `counter`, `gauge`, `histogram`, `summary`, `untyped`... */
  readonly type: string;
  readonly samples: readonly Sample[];
}

const PARSE = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families = []
for family in text_string_to_metric_families(sys.stdin.read()):
    families.append({"name": family.name, "type": family.type, "samples": [
        {"name": s.name, "labels": s.labels, "value": s.value if math.isfinite(s.value) else str(s.value)}
        for s in family.samples]})
json.dump(families, sys.stdout)
`;

export function parseExposition(text: string): MetricFamily[] {
  const python = process.env.PROMETHEUS_PYTHON;
  if (!python) throw new Error('PROMETHEUS_PYTHON is not set: run scripts/setup/16-prometheus-client.sh');
  return JSON.parse(execFileSync(python, ['-c', PARSE], { input: text, encoding: 'utf8' })) as MetricFamily[];
}
