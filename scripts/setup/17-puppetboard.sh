#!/usr/bin/env bash
# puppetboard 8.1.0 (PyPI), the dashboard Puppet users open, for the @gatehouse/resources dashboard
# test, with pypuppetdb 3.2.0 (the second pypuppetdb the compatibility tests run; Debian's 2.2 is
# 15-pypuppetdb.sh's). puppetboard 8 needs Python >= 3.12: a virtual environment over pyenv's 3.12
# in .data/puppetboard-venv. Writes PUPPETBOARD_PYTHON to .data/test-env. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=.data/puppetboard-venv
WANT='puppetboard==8.1.0 pypuppetdb==3.2.0'

installed() {
  "$VENV/bin/python" - <<'PY' >/dev/null 2>&1
from importlib.metadata import version
assert version("puppetboard") == "8.1.0" and version("pypuppetdb") == "3.2.0"
PY
}

if ! installed; then
  PYTHON=$(ls -d /root/.pyenv/versions/3.12*/bin/python3 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$PYTHON" ] || PYTHON=$(command -v python3.12 || true)
  [ -n "$PYTHON" ] || { echo "puppetboard needs Python 3.12: none found (pyenv 3.12 or python3.12)" >&2; exit 1; }
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check $WANT
fi
installed || { echo "puppetboard 8.1.0 / pypuppetdb 3.2.0 are not importable in $VENV" >&2; exit 1; }

mkdir -p .data
touch .data/test-env
if ! grep -q '^PUPPETBOARD_PYTHON=' .data/test-env; then
  echo "PUPPETBOARD_PYTHON=$PWD/$VENV/bin/python" >> .data/test-env
fi
