#!/usr/bin/env bash
# The Prometheus project's own Python client, whose text-format parser reads the service's /metrics
# in server/test/metrics.test.ts: Debian's `python3-prometheus-client` (installed only when missing;
# it runs on Debian's /usr/bin/python3). Writes PROMETHEUS_PYTHON to .data/test-env.
# Idempotent; run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=/usr/bin/python3

if ! "$PYTHON" -c 'import prometheus_client.parser' >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y python3-prometheus-client
fi
"$PYTHON" -c 'import prometheus_client.parser' || {
  echo "prometheus_client is not importable by $PYTHON" >&2
  exit 1
}

mkdir -p .data
touch .data/test-env
if ! grep -q '^PROMETHEUS_PYTHON=' .data/test-env; then
  echo "PROMETHEUS_PYTHON=$PYTHON" >> .data/test-env
fi
