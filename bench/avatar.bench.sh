#!/usr/bin/env bash
# Avatar proxy per store: route req/s cold (200) and hot (304 on If-None-Match) with autocannon, and
# login-time put() latency. The mongodb store runs when MONGODB_TEST_URL is set (`make test-setup`
# starts FerretDB and writes it to .data/test-env).
# Usage: bash bench/avatar.bench.sh   (BENCH_DURATION=10 BENCH_CONNECTIONS=32 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .data/test-env ]; then set -a; . ./.data/test-env; set +a; fi
npx tsc -b packages/auth
node bench/avatar.bench.mjs
