#!/usr/bin/env bash
# Ingestion throughput of @gatehouse/resources (bench/resources-ingest.bench.mjs) on SQLite and on
# PostgreSQL (PG_TEST_URL from .data/test-env; `make test-setup` starts it). Results: bench/RESULTS-resources.md.
# Usage: bash bench/resources-ingest.bench.sh   (BENCH_NODES=1000 BENCH_RESOURCES=500 BENCH_HTTP_CATALOGS=200)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .data/test-env ]; then set -a; . ./.data/test-env; set +a; fi
npx tsc -b packages/resources
node bench/resources-ingest.bench.mjs
