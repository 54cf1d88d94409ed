#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file.
# `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, rollup,
# esbuild binaries) out of the lock file, and `npm ci` then refuses the lock as out of sync.
# With the lock present, `npm install` still installs exactly the locked versions.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  . scripts/lib/native-build.sh
  # On Node 24.19 or later, build against the 24.18.1 headers (see scripts/lib/native-build.sh).
  if node -e 'const [M, m] = process.versions.node.split(".").map(Number); process.exit(M === 24 && m >= 19 ? 0 : 1)'; then
    npm_config_nodedir=$(node24_headers "$PWD")
    export npm_config_nodedir
  fi
  npm install --no-audit --no-fund
fi
