#!/usr/bin/env bash
# Installs the npm packages of the workspace when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Native modules (better-sqlite3, lmdb, re2, sharp) build from source when no prebuilt binary fits.
  npm ci --no-audit --no-fund --foreground-scripts=false
fi
