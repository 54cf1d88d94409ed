#!/usr/bin/env bash
# Webhook dispatch overhead: a trivial handler through @gatehouse/webhooks vs a plain Fastify route,
# at concurrency 1 and 64 (autocannon). Usage: bash bench/webhooks.bench.sh   (BENCH_DURATION=10)
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -b packages/webhooks
node bench/webhooks.bench.mjs
