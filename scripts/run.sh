#!/usr/bin/env bash
# Starts the gatehouse service with its embedded defaults (data in ./.data/gatehouse of the repository)
# and, beside it, the example OSGi GraphQL runtime on http://127.0.0.1:8099/graphql.
# Settings come from ./gatehouse.config.json when present and from GATEHOUSE_* variables, e.g.
#   GATEHOUSE_PORT=9000 make run      or      ./scripts/run.sh --port 9000 --verbose
#   make run ARGS=--dev-provider      (arguments after the script go to `gatehouse serve`)
# GATEHOUSE_GRAPHQL=0 leaves the OSGi runtime out; GRAPHQL_PORT moves it (default 8099).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/node.sh
use_supported_node "$PWD"

graphql_pid=
start_graphql() {
  local jar=graphql-osgi/launcher/target/graphql-osgi-runtime.jar
  # The setup script installs JDK 17 and Maven when missing and packages the reactor (the launcher jar).
  if [ ! -f "$jar" ] || [ -n "$(find graphql-osgi -name '*.java' -newer "$jar" -print -quit)" ]; then
    bash scripts/setup/40-maven.sh
  fi
  java -Dorg.osgi.service.http.port="${GRAPHQL_PORT:-8099}" -jar "$jar" &
  graphql_pid=$!
}
stop_graphql() { [ -z "$graphql_pid" ] || kill "$graphql_pid" 2>/dev/null || true; }

if [ "${GATEHOUSE_GRAPHQL:-1}" != 0 ]; then
  start_graphql
  trap stop_graphql EXIT
  trap 'stop_graphql; exit 143' TERM
  trap 'stop_graphql; exit 130' INT
fi
node packages/server/bin/gatehouse.js serve "$@"
