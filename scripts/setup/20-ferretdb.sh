#!/usr/bin/env bash
# The MongoDB-protocol server for the avatar store tests: FerretDB v1 with its SQLite backend
# (MongoDB itself is not packaged for Debian). Builds the binary once from the Go module proxy into
# .tools/, starts it on 127.0.0.1:27018 when nothing listens there, waits until it accepts
# connections, and writes MONGODB_TEST_URL to .data/test-env. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
VERSION=v1.24.2
PORT=${FERRETDB_PORT:-27018}
BIN="$REPO/.tools/ferretdb-$VERSION/ferretdb"
DATA="$REPO/.data/ferretdb"

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

ensure_go() {
  command -v go >/dev/null 2>&1 && return
  if [ -x /usr/local/go/bin/go ]; then export PATH="/usr/local/go/bin:$PATH"; return; fi
  apt-get update
  apt-get install -y golang-go
}

build_ferretdb() {
  ensure_go
  # FerretDB needs a newer Go than some distributions ship; let go fetch the toolchain it asks for.
  export GOTOOLCHAIN=auto GOFLAGS=-mod=mod
  local src work
  # `go install ...@version` fails when the proxy refuses the module's version list, so fetch the
  # exact version and build from a copy: the release sources lack the generated version.txt.
  src=$(go mod download -json "github.com/FerretDB/FerretDB@$VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  cp -r "$src/." "$work/"
  chmod -R u+w "$work"
  echo "$VERSION" > "$work/build/version/version.txt"
  mkdir -p "$(dirname "$BIN")"
  (cd "$work" && go build -trimpath -o "$BIN.tmp" ./cmd/ferretdb)
  mv "$BIN.tmp" "$BIN"
}

[ -x "$BIN" ] || build_ferretdb

if ! listening; then
  mkdir -p "$DATA"
  # --debug-addr=-: no metrics/pprof listener (it would hold 127.0.0.1:8088); state.json goes to the data dir.
  setsid nohup "$BIN" --handler=sqlite --sqlite-url="file:$DATA/" \
    --listen-addr="127.0.0.1:$PORT" --state-dir="$DATA" --debug-addr=- --telemetry=disable --log-level=warn \
    >"$REPO/.data/ferretdb.log" 2>&1 < /dev/null &
  for _ in $(seq 1 60); do
    listening && break
    sleep 0.5
  done
  listening || { echo "FerretDB did not start; see .data/ferretdb.log" >&2; exit 1; }
fi

echo "MONGODB_TEST_URL=mongodb://127.0.0.1:$PORT/gatehouse_test" >> .data/test-env
