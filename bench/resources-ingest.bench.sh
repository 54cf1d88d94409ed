#!/usr/bin/env bash
# Ingestion throughput of @gatehouse/resources (bench/resources-ingest.bench.mjs) on SQLite and on
# PostgreSQL (PG_TEST_URL from .data/test-env; `make test-setup` starts it), and with BENCH_WAITED=1
# commands submitted one at a time with secondsToWaitForCompletion beside a live PuppetDB
# (bench/resources-ingest-waited.bench.mjs; BENCH_PUPPETDB, default http://127.0.0.1:18080).
# Results: bench/RESULTS-resources.md.
# Usage: bash bench/resources-ingest.bench.sh   (BENCH_NODES=1000 BENCH_RESOURCES=500 BENCH_HTTP_CATALOGS=200)
#        BENCH_WAITED=1 bash bench/resources-ingest.bench.sh   (BENCH_WAITED_FACTS=200 BENCH_WAITED_REPORTS=100 BENCH_WAITED_CATALOGS=50)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .data/test-env ]; then set -a; . ./.data/test-env; set +a; fi
npx tsc -b packages/resources
if [ "${BENCH_WAITED:-}" = 1 ]; then
  node bench/resources-ingest-waited.bench.mjs
else
  node bench/resources-ingest.bench.mjs
fi
