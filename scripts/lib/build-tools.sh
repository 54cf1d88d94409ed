# Sourced by scripts/install.sh: the tools node-gyp needs to build the native modules (better-sqlite3,
# re2) from source, installed from Debian's packages when missing.

# The build tools this machine lacks, one per line (none: prints nothing).
missing_build_tools() {
  local tool
  for tool in g++ make python3; do
    command -v "$tool" >/dev/null 2>&1 || echo "$tool"
  done
}

# Installs g++, make and python3 with apt-get when any is missing (as root, or through sudo);
# stops with the list of what to install where that is not possible.
ensure_build_tools() {
  local missing
  missing=$(missing_build_tools | tr '\n' ' ')
  [ -n "$missing" ] || return 0
  echo "== the native modules build from source and need: $missing" >&2
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  if ! command -v apt-get >/dev/null 2>&1 || { [ -n "$sudo" ] && ! command -v sudo >/dev/null 2>&1; }; then
    echo "install them (Debian/Ubuntu: apt-get install g++ make python3), then run this again" >&2
    return 1
  fi
  echo "== installing them: apt-get install g++ make python3" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq g++ make python3 >/dev/null
}
