#!/usr/bin/env bash
# Report ingestion and report queries of @gatehouse/resources (SQLite and PostgreSQL) beside a live
# PuppetDB 7.12.1 (bench/resources-reports.bench.mjs). Results: bench/RESULTS-resources.md.
# Usage: BENCH_PUPPETDB=$(bash /work/shared/tools/puppetdb-peer.sh) bash bench/resources-reports.bench.sh
#        (BENCH_NODES=200 BENCH_RUNS=10 BENCH_EVENTS=20 BENCH_CLIENTS=8 BENCH_DURATION=3)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .data/test-env ]; then set -a; . ./.data/test-env; set +a; fi
npx tsc -b packages/resources
node bench/resources-reports.bench.mjs
