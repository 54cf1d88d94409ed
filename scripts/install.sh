#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file.
# `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, rollup,
# esbuild binaries) out of the lock file, and `npm ci` then refuses the lock as out of sync.
# With the lock present, `npm install` still installs exactly the locked versions.
#
# The native modules (better-sqlite3, re2) build from source, which takes minutes on a fresh
# machine: the build tools are installed first when missing, and while npm works a line every 15 s
# says which module is compiling and for how long, so a long quiet install is never a mystery.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  . scripts/lib/build-tools.sh
  . scripts/lib/native-build.sh
  ensure_build_tools
  # On Node 24.19 or later, build against the 24.18.1 headers (see scripts/lib/native-build.sh).
  if node -e 'const [M, m] = process.versions.node.split(".").map(Number); process.exit(M === 24 && m >= 19 ? 0 : 1)'; then
    npm_config_nodedir=$(node24_headers "$PWD")
    export npm_config_nodedir
  fi
  echo "== npm install: the native modules (better-sqlite3, re2) are built from source; on a fresh machine this takes a few minutes" >&2
  npm install --no-audit --no-fund &
  npm_pid=$!
  trap 'kill "$npm_pid" 2>/dev/null || true' EXIT
  while ! wait_quietly_for "$npm_pid" 15; do
    building=$(compiling_modules)
    echo "== npm install: ${SECONDS}s${building:+, compiling $building}" >&2
  done
  trap - EXIT
  wait "$npm_pid"
  echo "== npm install: done in ${SECONDS}s" >&2
fi
