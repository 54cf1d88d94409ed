#!/usr/bin/env bash
# GraphQL gateway cost, side by side in one run on the example runtime (Felix + Felix HTTP Jetty + the
# gateway): the schema file (GET /graphql/schema.graphqls: a fixed text through Jetty and the whiteboard
# dispatch, no GraphQL work; the static baseline the issue measured), `{ __typename }`, and the small and
# the nested example query over HTTP (autocannon, bench/graphql.bench.mjs), then the same queries
# executed by graphql-java in process (InProcessBench: same schema, one service object, JSON
# serialisation, no HTTP). Each figure comes with the CPU time it cost per request (the whole runtime
# process for HTTP, after 10 s of warm-up per kind; the engine's worker threads in process, after
# 20,000 warm-up operations), which stays comparable when other engineers' jobs share the cores; the
# ratios are computed from it. Prints Markdown for bench/RESULTS-graphql.md.
# Usage: bash bench/graphql.bench.sh [seconds=8] [connections=16] [rounds=2]
# GRAPHQL_BENCH_PROFILE=1 also records a JFR profile of the runtime during the HTTP runs and prints the
# hottest frames (self time).
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
READY=no
for _ in $(seq 1 600); do
  if curl -sf "$BASE/graphql/schema.graphqls" 2>/dev/null | grep -q AddressService; then READY=yes; break; fi
  sleep 0.2
done
[ "$READY" = yes ] || { echo "the example runtime did not come up on $BASE/graphql" >&2; exit 1; }

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ]; then
  jcmd "$RUNTIME" JFR.start name=bench settings=profile filename=/tmp/graphql-bench.jfr >/dev/null
fi
HTTP=$(node bench/graphql.bench.mjs "$BASE" "$RUNTIME" "$SECONDS_PER_RUN" "$CONNECTIONS" "$ROUNDS")
if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ]; then
  jcmd "$RUNTIME" JFR.stop name=bench >/dev/null
fi
kill $RUNTIME 2>/dev/null || true

CP_FILE=$(mktemp)
mvn -B -q -ntp -f graphql-osgi/whiteboard dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$CP_FILE" >/dev/null
CP="graphql-osgi/whiteboard/target/classes:graphql-osgi/whiteboard/target/test-classes:$(cat "$CP_FILE")"
rm -f "$CP_FILE"
IN_PROCESS=$(java -cp "$CP" org.gatehouse.graphql.whiteboard.internal.schema.InProcessBench "$THREADS" "$((SECONDS_PER_RUN * ROUNDS))")
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), autocannon c=$CONNECTIONS, ${SECONDS_PER_RUN}s per run,"
echo "$ROUNDS interleaved rounds; load average before: $LOAD_BEFORE, after: $LOAD_AFTER"
echo
node -e '
const http = JSON.parse(process.argv[1]);
const ip = Object.fromEntries(process.argv[2].trim().split("\n").map(l => l.split(" ")).map(([n, r, c]) => [n, { rps: +r, cpu: +c }]));
const row = (name, m, ratio = "", target = "") =>
  console.log(`| ${name} | ${Math.round(m.rps)} | ${m.cpu.toFixed(0)} | ${ratio} | ${target} |`);
const pct = (a, b) => `${Math.round((100 * a) / b)}%`;
console.log("| measurement | req/s or ops/s | CPU µs per request | ratio (by CPU per request) | target |");
console.log("|---|---|---|---|---|");
row("static: the schema file over HTTP", http.static);
row("`{ __typename }` over HTTP", http.typename, `${pct(http.static.cpu, http.typename.cpu)} of static`, ">= 25%");
row("small query over HTTP", http.small, `${pct(ip.small.cpu, http.small.cpu)} of in process`, ">= 35%");
row("small query, graphql-java in process", ip.small);
row("nested query over HTTP", http.nested, `${pct(ip.nested.cpu, http.nested.cpu)} of in process`);
row("nested query, graphql-java in process", ip.nested);
' "$HTTP" "$IN_PROCESS"

if [ "${GRAPHQL_BENCH_PROFILE:-0}" = 1 ]; then
  echo
  echo "Hottest frames of the runtime during the HTTP runs (JFR execution samples, self time):"
  jfr print --events jdk.ExecutionSample /tmp/graphql-bench.jfr | awk '/stackTrace = \[/{getline; sub(/^[ \t]+/,""); sub(/line:.*/,""); print}' \
    | sort | uniq -c | sort -rn | head -25
fi
