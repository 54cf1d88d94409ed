#!/usr/bin/env bash
# Test peer for @gatehouse/auth: Debian's headless-capable Chromium, driven by playwright-core in the
# dev-provider browser test. Idempotent: installs only when /usr/bin/chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
fi
mkdir -p .data
echo "CHROMIUM_PATH=/usr/bin/chromium" >> .data/test-env
