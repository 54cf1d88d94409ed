#!/usr/bin/env bash
# Runs every test: the TypeScript workspace (type check, lint, vitest) and, when present, the Java
# reactor of graphql-osgi. The peers started by scripts/test-setup.sh are passed in through .data/test-env.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/node.sh
use_supported_node "$PWD"
if [ -f .data/test-env ]; then set -a; . ./.data/test-env; set +a; fi
npm test
if [ -f graphql-osgi/pom.xml ]; then
  mvn -B -ntp -f graphql-osgi verify
fi
