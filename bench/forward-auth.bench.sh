#!/usr/bin/env bash
# Forward authentication through nginx: req/s to an echo upstream without and with auth_request to
# the service (autocannon, 32 connections). Needs nginx (scripts/setup/60-proxies.sh).
# Usage: bash bench/forward-auth.bench.sh   (BENCH_DURATION=10 BENCH_CONNECTIONS=32 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -b packages/server
uptime
node bench/forward-auth.bench.mjs
