#!/usr/bin/env bash
# Forward auth side by side: Gatehouse's /auth/forward against oauth2-proxy v7.15.6's /oauth2/auth,
# directly and through nginx auth_request, alternating rounds in one run (bench/forward-auth-peer.bench.mjs).
# Needs nginx (scripts/setup/60-proxies.sh) and oauth2-proxy on PATH or in OAUTH2_PROXY:
#   GOBIN=$HOME/go/bin go install github.com/oauth2-proxy/oauth2-proxy/v7@v7.15.6
# Usage: bash bench/forward-auth-peer.bench.sh   (BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=32)
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -b packages/server
uptime
node bench/forward-auth-peer.bench.mjs
uptime
