#!/usr/bin/env bash
# Installs and starts what the tests talk to. Each file in scripts/setup/ owns one peer
# (PostgreSQL, the MongoDB-protocol server, Chromium, Maven artifacts...) and is idempotent:
# it installs only what is missing and starts only what is not running. Each one may append
# KEY=VALUE lines to .data/test-env, which scripts/test.sh exports to the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .data
: > .data/test-env
for step in scripts/setup/*.sh; do
  [ -e "$step" ] || continue
  echo "== test setup: $(basename "$step")"
  bash "$step"
done
