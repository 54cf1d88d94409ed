#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file.
# `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, rollup,
# esbuild binaries) out of the lock file, and `npm ci` then refuses the lock as out of sync.
# With the lock present, `npm install` still installs exactly the locked versions.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # better-sqlite3 and re2 would first try to download prebuilt binaries from GitHub, which this
  # network does not reach (the attempt can hang for minutes): build them from source at once.
  export npm_config_build_from_source=better-sqlite3 DEVELOPMENT_SKIP_GETTING_ASSET=1
  npm install --no-audit --no-fund
fi
