#!/usr/bin/env bash
# Starts the gatehouse service with its embedded defaults (data in ./.data/gatehouse).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node packages/server/bin/gatehouse.js serve --data-dir .data/gatehouse "$@"
