#!/usr/bin/env bash
# OAuth login benchmark (see bench/RESULTS-oauth.md); needs `npm run build` first (make bench does it).
set -euo pipefail
cd "$(dirname "$0")/.."
node bench/oauth-login.bench.mjs
