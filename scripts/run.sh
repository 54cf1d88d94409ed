#!/usr/bin/env bash
# Starts the gatehouse service with its embedded defaults (data in ./.data/gatehouse of the repository).
# Settings come from ./gatehouse.config.json when present and from GATEHOUSE_* variables, e.g.
#   GATEHOUSE_PORT=9000 make run      or      ./scripts/run.sh --port 9000 --verbose
set -euo pipefail
cd "$(dirname "$0")/.."
exec node packages/server/bin/gatehouse.js serve "$@"
