#!/usr/bin/env bash
# pypuppetdb, PuppetDB's real Python client, for the @gatehouse/resources compatibility test:
# Debian's `python3-pypuppetdb` (installed only when missing; it runs on Debian's /usr/bin/python3,
# not on a pyenv python earlier on PATH). Writes PYPUPPETDB_PYTHON to .data/test-env.
# Idempotent; run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=/usr/bin/python3

if ! "$PYTHON" -c 'import pypuppetdb' >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pypuppetdb
fi
"$PYTHON" -c 'import pypuppetdb' || { echo "pypuppetdb is not importable by $PYTHON" >&2; exit 1; }

mkdir -p .data
touch .data/test-env
if ! grep -q '^PYPUPPETDB_PYTHON=' .data/test-env; then
  echo "PYPUPPETDB_PYTHON=$PYTHON" >> .data/test-env
fi
