# Sourced by scripts/install.sh and scripts/test-node24.sh: how the native modules get built, and
# what install.sh says while they build.
#
# better-sqlite3 and re2 would first try to download prebuilt binaries from GitHub, which this
# network does not reach (the attempt can hang for minutes): build them from source at once.
# better-sqlite3's prebuild-install reads that from .prebuild-installrc at the repository root (an
# npm_config_build_from_source variable would do too, but npm 11 warns "Unknown env config" for it);
# re2's installer from this variable.
export DEVELOPMENT_SKIP_GETTING_ASSET=1

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
