#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file,
# under a supported Node.js (scripts/lib/node.sh brings Node 22 when the machine's is older).
# `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages (biome, rollup,
# esbuild binaries) out of the lock file, and `npm ci` then refuses the lock as out of sync.
# With the lock present, `npm install` still installs exactly the locked versions.
#
# The native modules (better-sqlite3, re2) build from source, which takes minutes on a fresh
# machine: the build tools are installed first when missing, and while npm works a line every 15 s
# says which module is compiling and for how long, so a long quiet install is never a mystery.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/node.sh
use_supported_node "$PWD"
# Native modules are built for one Node ABI: node_modules/.node-abi records the one they were built for.
abi=$(node -p 'process.versions.modules')
. scripts/lib/build-tools.sh
. scripts/lib/native-build.sh
# On Node 24.19 or later, build against the 24.18.1 headers (see scripts/lib/native-build.sh).
if node -e 'const [M, m] = process.versions.node.split(".").map(Number); process.exit(M === 24 && m >= 19 ? 0 : 1)'; then
  npm_config_nodedir=$(node24_headers "$PWD")
  export npm_config_nodedir
fi
# A first install builds for this Node; an existing node_modules without the record (or with another
# ABI) was built for another Node, and `npm install` leaves its unchanged native modules as they are.
fresh=
[ -d node_modules ] || fresh=1
if [ -n "$fresh" ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  ensure_build_tools
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
  [ -z "$fresh" ] || echo "$abi" >node_modules/.node-abi
fi
if [ "$(cat node_modules/.node-abi 2>/dev/null)" != "$abi" ]; then
  ensure_build_tools
  echo "== node_modules was built for another Node.js: rebuilding its native modules for $(node -v)" >&2
  npm rebuild
  echo "$abi" >node_modules/.node-abi
fi
