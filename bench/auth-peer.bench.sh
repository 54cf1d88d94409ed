#!/usr/bin/env bash
# The guarded route beside go-pkgz/auth v2.2.0 (../shared/tools/auth-peer), side by side in one run with
# alternating rounds: GET /auth/user with the JWT cookie + XSRF header on each, and each one's unguarded
# route (the peer's /open, Gatehouse's /ping). As ../shared/tools/auth-peer/side-by-side.sh, on free ports
# (a shared machine has the fixed ones taken), and with each service's CPU per request beside req/s.
#   bash bench/auth-peer.bench.sh [seconds=5] [connections=32] [rounds=3]   (gatehouse serve's defaults;
#   GATEHOUSE_WORKERS=1 for one process; BENCH_FLOOR=1 adds the floor: /ping of a bare Fastify app and
#   of node:http alone, one process each, bench/lib/floor-server.mjs; BENCH_WARMUP=2: seconds of unmeasured
#   requests to every route before the rounds, 0 for none)
set -euo pipefail
cd "$(dirname "$0")/.."
S=${1:-5}; C=${2:-32}; R=${3:-3}
PEER_SRC=${AUTH_PEER:-../shared/tools/auth-peer}
[ -d "$PEER_SRC" ] || PEER_SRC=../../shared/tools/auth-peer # from a worktree under /work/wt
GH=$PWD; AC=$GH/node_modules/.bin/autocannon
PEER=; SVC=; FLOOR=
W=$(mktemp -d); trap 'kill $PEER $SVC $FLOOR 2>/dev/null; sleep 1; rm -rf "$W"' EXIT
free() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
PP=$(free); GP=$(free)
if [ "${BENCH_FLOOR:-0}" = 1 ]; then
  FP=$(free); HP=$(free); node bench/lib/floor-server.mjs "$FP" "$HP" >"$W/floor.log" 2>&1 & FLOOR=$!
fi
( cd "$PEER_SRC" && go build -o "$W/authpeer" . )
"$W/authpeer" -port "$PP" & PEER=$!
printf 'benchpass123\n' | node packages/server/bin/gatehouse.js users add bench --password-stdin --data-dir "$W/gh" >/dev/null 2>&1
node packages/server/bin/gatehouse.js serve --host 127.0.0.1 --port "$GP" --data-dir "$W/gh" >"$W/gh.log" 2>&1 & SVC=$!
for _ in $(seq 1 600); do grep -q -e 'processes listening' -e 'workers: 1 process ' "$W/gh.log" && grep -q '"ready\|ready (stop' "$W/gh.log" && break; sleep 0.2; done
[ -n "$FLOOR" ] && for _ in $(seq 1 100); do grep -q ready "$W/floor.log" && break; sleep 0.1; done
grep -o 'workers: [^"]*' "$W/gh.log" | sed 's/^/gatehouse /'
curl -s -c "$W/jp" "http://127.0.0.1:$PP/auth/local/login?user=bench&passwd=pw" >/dev/null
curl -s -c "$W/jg" -d 'user=bench&passwd=benchpass123' "http://127.0.0.1:$GP/auth/local/login" >/dev/null
hdr() { local jwt xsrf; jwt=$(awk '$6=="JWT"{print $7}' "$1"); xsrf=$(awk '$6=="XSRF-TOKEN"{print $7}' "$1"); echo "Cookie: JWT=$jwt; XSRF-TOKEN=$xsrf|X-XSRF-TOKEN: $xsrf"; }
P=$(hdr "$W/jp"); G=$(hdr "$W/jg")
check() { curl -s -o /dev/null -w '%{http_code}' -H "${2%%|*}" -H "${2##*|}" "$1"; }
[ "$(check "http://127.0.0.1:$PP/auth/user" "$P")" = 200 ] || { echo "peer guarded route not 200"; exit 1; }
[ "$(check "http://127.0.0.1:$GP/auth/user" "$G")" = 200 ] || { echo "gatehouse guarded route not 200"; exit 1; }
echo "cookie bytes: peer ${#P}, gatehouse ${#G} (Cookie + X-XSRF-TOKEN header lines)"
# user + system CPU ticks (10 ms) of a process and its children
ticks() { local t; t=$(awk '{print $14+$15}' "/proc/$1/stat"); for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do t=$((t + $(ticks "$c"))); done; echo "$t"; }
rate() { local pid=$1; shift; local before after out; before=$(ticks "$pid"); out=$("$AC" -j -c "$C" -d "$S" "$@" 2>/dev/null); after=$(ticks "$pid")
  node -e 'const r=JSON.parse(process.argv[1]);if(r.non2xx||r.errors){console.error("errors",r.non2xx,r.errors);process.exit(1)}console.log(Math.round(r.requests.average)+"/"+Math.round((process.argv[2]*10000)/r.requests.total))' "$out" "$((after - before))"; }
# Warm-up, not measured: each service's first requests pay its JIT compilation (Node's more than Go's).
WU=${BENCH_WARMUP:-2}
if [ "$WU" != 0 ]; then
  for t in "http://127.0.0.1:$PP/open" "http://127.0.0.1:$GP/ping" ${FLOOR:+"http://127.0.0.1:$FP/ping" "http://127.0.0.1:$HP/ping"}; do "$AC" -c "$C" -d "$WU" "$t" >/dev/null 2>&1; done
  "$AC" -c "$C" -d "$WU" -H "${P%%|*}" -H "${P##*|}" "http://127.0.0.1:$PP/auth/user" >/dev/null 2>&1
  "$AC" -c "$C" -d "$WU" -H "${G%%|*}" -H "${G##*|}" "http://127.0.0.1:$GP/auth/user" >/dev/null 2>&1
fi
echo "round peer_open peer_guarded gh_ping gh_guarded${FLOOR:+ fastify_ping node_http_ping} (req/s / server CPU µs per request, autocannon c=$C ${S}s)"
for i in $(seq 1 "$R"); do
  f=; [ -n "$FLOOR" ] && f=" $(rate $FLOOR "http://127.0.0.1:$FP/ping") $(rate $FLOOR "http://127.0.0.1:$HP/ping")"
  a=$(rate $PEER "http://127.0.0.1:$PP/open"); b=$(rate $PEER -H "${P%%|*}" -H "${P##*|}" "http://127.0.0.1:$PP/auth/user")
  c=$(rate $SVC "http://127.0.0.1:$GP/ping"); d=$(rate $SVC -H "${G%%|*}" -H "${G##*|}" "http://127.0.0.1:$GP/auth/user")
  echo "$i $a $b $c $d$f load $(cut -d' ' -f1 /proc/loadavg) $(awk -v b="${b%/*}" -v d="${d%/*}" -v c="${c%/*}" 'BEGIN{printf "gatehouse/peer guarded = %.2f, gatehouse guarded/ping = %.2f", d/b, d/c}')"
done
