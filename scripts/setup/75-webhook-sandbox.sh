#!/usr/bin/env bash
# The webhook sandbox (packages/webhooks, isolation "sandbox"): the system user that module workers
# run as when the service runs as root (root is how the tests run here and in CI), and slirp4netns,
# the user-mode network stack of modules granted outbound network. unshare and setpriv come with
# util-linux. Idempotent: creates and installs only what is missing. Run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."

user=gatehouse-webhooks
if ! getent passwd "$user" >/dev/null; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"
fi
if ! command -v slirp4netns >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends slirp4netns
fi
mkdir -p .data
echo "SLIRP4NETNS_PATH=$(command -v slirp4netns)" >> .data/test-env
