#!/usr/bin/env bash
# Isolation of the service's areas: /ping and a guarded /auth/user alone and under each load
# scenario of bench/isolation/ (bench/isolation.bench.mjs). Results: bench/RESULTS-isolation.md.
# Usage: bash bench/isolation.bench.sh   (BENCH_DURATION=10 BENCH_CONNECTIONS=16 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -b packages/server
node bench/isolation.bench.mjs
