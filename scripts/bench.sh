#!/usr/bin/env bash
# Runs each benchmark under bench/ in turn; figures and the machine go to bench/RESULTS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/node.sh
use_supported_node "$PWD"
for b in bench/*.bench.sh; do
  [ -e "$b" ] || continue
  echo "== $b"
  bash "$b"
done
