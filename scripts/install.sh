#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file.
# `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, rollup,
# esbuild binaries) out of the lock file, and `npm ci` then refuses the lock as out of sync.
# With the lock present, `npm install` still installs exactly the locked versions.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Native modules (better-sqlite3, lmdb, re2) build from source when no prebuilt binary fits.
  npm install --no-audit --no-fund
fi
