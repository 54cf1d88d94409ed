#!/usr/bin/env bash
# Puppet's own PuppetDB client for the service's TLS test: Debian's `puppet-agent` (7.23, `puppet apply`)
# and `puppet-terminus-puppetdb` (7.12, the storeconfigs terminus that talks to /pdb over HTTPS with a
# client certificate). 37 packages, ~13 MB, about a minute on a fresh Debian 12; installed only when
# missing. Writes PUPPET_BIN to .data/test-env. Idempotent; run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."
PUPPET=/usr/bin/puppet
TERMINUS=/usr/lib/ruby/vendor_ruby/puppet/indirector/catalog/puppetdb.rb

if [ ! -x "$PUPPET" ] || [ ! -f "$TERMINUS" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 \
    --no-install-recommends puppet-agent puppet-terminus-puppetdb
fi
"$PUPPET" --version >/dev/null || { echo "puppet does not run" >&2; exit 1; }
[ -f "$TERMINUS" ] || { echo "the PuppetDB terminus is missing ($TERMINUS)" >&2; exit 1; }

mkdir -p .data
touch .data/test-env
if ! grep -q '^PUPPET_BIN=' .data/test-env; then
  echo "PUPPET_BIN=$PUPPET" >> .data/test-env
fi
