#!/usr/bin/env bash
# Resource query routes: latency/throughput of typical queries and the full dump's memory, on SQLite
# and PostgreSQL, over a generated 1,000 x 500 fleet (autocannon).
# Usage: bash bench/resources-query.bench.sh
#   (BENCH_DIALECTS="sqlite postgres" BENCH_DURATION=10 BENCH_CONNECTIONS=8 by default, BENCH_QUERIES=<regex> picks queries;
#    BENCH_BASELINE=<checkout of an earlier build> runs it beside this one; PostgreSQL needs `make test-setup` first: PG_TEST_URL comes from .data/test-env)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .data/test-env ]; then set -a; . .data/test-env; set +a; fi
npx tsc -b packages/resources
node bench/resources-query.bench.mjs
