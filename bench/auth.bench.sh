#!/usr/bin/env bash
# Auth guard overhead: unguarded vs cookie + XSRF vs X-JWT on one Fastify route (autocannon).
# Usage: bash bench/auth.bench.sh   (BENCH_DURATION=10 BENCH_CONNECTIONS=32 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -b packages/auth
node bench/auth.bench.mjs
