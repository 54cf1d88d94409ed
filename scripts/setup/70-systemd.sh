#!/usr/bin/env bash
# systemd-analyze, for the test that verifies the deployment's unit (deploy/gatehouse.service) and
# rates its sandbox. Only the tool is used: systemd is not started (it may not be PID 1 here).
# Idempotent: installs Debian's systemd package only when the tool is missing. Run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v systemd-analyze >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends systemd
fi
mkdir -p .data
echo "SYSTEMD_ANALYZE_PATH=$(command -v systemd-analyze)" >> .data/test-env
