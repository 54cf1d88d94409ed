#!/usr/bin/env bash
# Reverse proxies for the forward-authentication tests and benchmark of the service: Debian's
# `nginx` (built with the auth_request module) and `caddy` (forward_auth). The tests start their own
# instances on free ports with generated configs; the packages' system services are not wanted, so
# they are kept from starting while installing (a policy-rc.d that refuses, when none is in place).
# Idempotent: installs only what is missing. Run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ ${#missing[@]} -gt 0 ]; then
  added_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    added_policy=1
  fi
  trap '[ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d' EXIT
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
if ! "$nginx_bin" -V 2>&1 | grep -q -- '--with-http_auth_request_module'; then
  echo "nginx at $nginx_bin lacks the auth_request module" >&2
  exit 1
fi
mkdir -p .data
echo "NGINX_PATH=$nginx_bin" >> .data/test-env
echo "CADDY_PATH=$(command -v caddy)" >> .data/test-env
