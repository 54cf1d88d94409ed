#!/usr/bin/env bash
# GraphQL gateway throughput, side by side in one run on the same example runtime (Felix + Felix HTTP
# Jetty + the gateway): the schema file (GET /graphql/schema.graphqls, a fixed text through Jetty and the
# whiteboard dispatch with no GraphQL work; the static baseline the issue measured), the gateway answering
# `{ __typename }`, the small and the nested example query over HTTP (autocannon), and
# the same queries executed by graphql-java in process (InProcessBench: same schema, one service object,
# JSON serialisation, no HTTP). Rounds are interleaved so that a change of machine load hits every
# column alike; the load average is printed before and after. Prints Markdown for bench/RESULTS-graphql.md.
# Usage: bash bench/graphql.bench.sh [seconds=8] [connections=16] [rounds=2]
# GRAPHQL_BENCH_PROFILE=1 also records a JFR profile of the runtime during the small-query runs and
# prints the hottest frames.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-8}
CONNECTIONS=${2:-16}
ROUNDS=${3:-2}
THREADS=$(nproc)

mvn -B -q -ntp -f graphql-osgi -DskipTests install >/dev/null
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
java -Dorg.osgi.service.http.port="$PORT" -jar graphql-osgi/launcher/target/graphql-osgi-runtime.jar 2>/dev/null &
RUNTIME=$!
trap 'kill $RUNTIME 2>/dev/null || true' EXIT
BASE="http://127.0.0.1:$PORT"
URL="$BASE/graphql"
READY=no
for _ in $(seq 1 600); do
  if curl -sf "$URL/schema.graphqls" 2>/dev/null | grep -q AddressService; then READY=yes; break; fi
  sleep 0.2
done
[ "$READY" = yes ] || { echo "the example runtime did not come up on $URL" >&2; exit 1; }

TYPENAME='{ __typename }'
SMALL='{ AddressService { getAddresses(id: \"a1\") { id city } } }'
NESTED='{ AddressService { getAddresses { id street city residents { id name address { city } relatives { name relatives { name } } } } } }'

# autocannon's mean req/s of one run; a run with any error or non-2xx answer is refused
rate() {
  npx autocannon -j -c "$CONNECTIONS" -d "$SECONDS_PER_RUN" "$@" 2>/dev/null | node -e '
    let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);
    if (r.non2xx>0||r.errors>0||r.timeouts>0) {console.error("errors in run", r.non2xx, r.errors, r.timeouts); process.exit(1)}
    console.log(Math.round(r.requests.average))})'
}
post() { rate -m POST -H 'content-type=application/json' -H 'accept=application/json' -b "{\"query\":\"$1\"}" "$URL"; }
static() { rate "$URL/schema.graphqls"; }

# the JIT needs a few thousand requests of each kind before the figures mean anything
for q in "$TYPENAME" "$SMALL" "$NESTED"; do post "$q" >/dev/null; done
static >/dev/null

CP_FILE=$(mktemp)
mvn -B -q -ntp -f graphql-osgi/whiteboard dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$CP_FILE" >/dev/null
CP="graphql-osgi/whiteboard/target/classes:graphql-osgi/whiteboard/target/test-classes:$(cat "$CP_FILE")"
rm -f "$CP_FILE"

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A SUM
add() { SUM[$1]=$(( ${SUM[$1]:-0} + $2 )); }
for round in $(seq 1 "$ROUNDS"); do
  add static "$(static)"
  add typename "$(post "$TYPENAME")"
  if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ] && [ "$round" = 1 ]; then
    jcmd "$RUNTIME" JFR.start name=bench settings=profile filename=/tmp/graphql-bench.jfr >/dev/null
  fi
  add small "$(post "$SMALL")"
  if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ] && [ "$round" = 1 ]; then
    jcmd "$RUNTIME" JFR.stop name=bench >/dev/null
  fi
  add nested "$(post "$NESTED")"
  IN_PROCESS=$(java -cp "$CP" org.gatehouse.graphql.whiteboard.internal.schema.InProcessBench "$THREADS" "$SECONDS_PER_RUN")
  add ip_small "$(echo "$IN_PROCESS" | awk '$1=="small"{print $2}')"
  add ip_nested "$(echo "$IN_PROCESS" | awk '$1=="nested"{print $2}')"
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
avg() { echo $(( ${SUM[$1]} / ROUNDS )); }

echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), autocannon c=$CONNECTIONS, ${SECONDS_PER_RUN}s per run,"
echo "$ROUNDS interleaved rounds; load average before: $LOAD_BEFORE, after: $LOAD_AFTER"
echo
echo "| measurement | req/s or ops/s (mean of rounds) | ratio | target |"
echo "|---|---|---|---|"
awk -v s="$(avg static)" 'BEGIN{printf "| static: the schema file `GET /graphql/schema.graphqls` | %d | | |\n", s}'
awk -v t="$(avg typename)" -v s="$(avg static)" 'BEGIN{printf "| `{ __typename }` over HTTP | %d | %.0f%% of static | >= 25%% |\n", t, 100*t/s}'
awk -v h="$(avg small)" -v i="$(avg ip_small)" 'BEGIN{printf "| small query over HTTP | %d | %.0f%% of in process | >= 35%% |\n", h, 100*h/i}'
awk -v i="$(avg ip_small)" -v n="$THREADS" 'BEGIN{printf "| small query, graphql-java in process (%d threads) | %d | | |\n", n, i}'
awk -v h="$(avg nested)" -v i="$(avg ip_nested)" 'BEGIN{printf "| nested query over HTTP | %d | %.0f%% of in process | |\n", h, 100*h/i}'
awk -v i="$(avg ip_nested)" 'BEGIN{printf "| nested query, graphql-java in process | %d | | |\n", i}'

if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ]; then
  echo
  echo "Hottest frames during the small-query run (JFR execution samples, self time):"
  jfr print --events jdk.ExecutionSample /tmp/graphql-bench.jfr | awk '/stackTrace = \[/{getline; sub(/^[ \t]+/,""); sub(/line:.*/,""); print}' \
    | sort | uniq -c | sort -rn | head -25
fi
