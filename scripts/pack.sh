#!/usr/bin/env bash
# Builds the workspace and packs each npm package into one folder (default ./release), as the npm
# registry would serve them: @gatehouse/auth, @gatehouse/resources, @gatehouse/webhooks and the
# service, @gatehouse/server (its command is `gatehouse`). Install them anywhere with
#   npm install ./release/gatehouse-server-<version>.tgz ./release/gatehouse-auth-<version>.tgz ...
# (the service's tarball needs the three library tarballs beside it in the same install).
# Prints the tarball paths, one a line.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$(mkdir -p "${1:-release}" && cd "${1:-release}" && pwd)
npx tsc -b
for pkg in auth resources webhooks server; do
  npm pack --silent --pack-destination "$dest" -w "packages/$pkg" | sed "s#^#$dest/#"
done
