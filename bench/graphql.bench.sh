#!/usr/bin/env bash
# GraphQL gateway throughput: the example runtime over HTTP (Felix HTTP Jetty whiteboard, measured with
# autocannon) against the same schema executed by graphql-java in process (InProcessBench), for a small
# query and the nested Address/Person query. Prints a Markdown table; copy it to bench/RESULTS-graphql.md.
# Usage: bash bench/graphql.bench.sh [seconds=10] [connections=16]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-10}
CONNECTIONS=${2:-16}
THREADS=$(nproc)

mvn -B -q -f graphql-osgi -DskipTests install >/dev/null
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
java -Dorg.osgi.service.http.port="$PORT" -jar graphql-osgi/launcher/target/graphql-osgi-runtime.jar 2>/dev/null &
RUNTIME=$!
trap 'kill $RUNTIME 2>/dev/null || true' EXIT
URL="http://127.0.0.1:$PORT/graphql"
READY=no
for _ in $(seq 1 300); do
  if curl -sf "$URL/schema.graphqls" 2>/dev/null | grep -q AddressService; then READY=yes; break; fi
  sleep 0.2
done
[ "$READY" = yes ] || { echo "the example runtime did not come up on $URL" >&2; exit 1; }

SMALL='{ AddressService { getAddresses(id: \"a1\") { id city } } }'
NESTED='{ AddressService { getAddresses { id street city residents { id name address { city } relatives { name relatives { name } } } } } }'

http_rate() {
  npx autocannon -j -c "$CONNECTIONS" -d "$SECONDS_PER_RUN" -m POST -H 'content-type=application/json' \
    -b "{\"query\":\"$1\"}" "$URL" 2>/dev/null | node -e '
      let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);
      if (r.non2xx>0||r.errors>0) {console.error("errors in run", r.non2xx, r.errors); process.exit(1)}
      console.log(Math.round(r.requests.average))})'
}
warm_up() {  # the JIT needs a few thousand requests before the figures mean anything
  npx autocannon -c "$CONNECTIONS" -d 5 -m POST -H 'content-type=application/json' -b "{\"query\":\"$1\"}" "$URL" >/dev/null 2>&1
}
warm_up "$SMALL"
HTTP_SMALL=$(http_rate "$SMALL")
warm_up "$NESTED"
HTTP_NESTED=$(http_rate "$NESTED")
kill $RUNTIME 2>/dev/null || true

CP_FILE=$(mktemp)
mvn -B -q -f graphql-osgi/whiteboard dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$CP_FILE" >/dev/null
CP=$(cat "$CP_FILE")
rm -f "$CP_FILE"
IN_PROCESS=$(java -cp "graphql-osgi/whiteboard/target/classes:graphql-osgi/whiteboard/target/test-classes:$CP" \
  org.gatehouse.graphql.whiteboard.internal.schema.InProcessBench "$THREADS" "$SECONDS_PER_RUN")
IP_SMALL=$(echo "$IN_PROCESS" | awk '$1=="small"{print $2}')
IP_NESTED=$(echo "$IN_PROCESS" | awk '$1=="nested"{print $2}')

echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), autocannon c=$CONNECTIONS, ${SECONDS_PER_RUN}s per run"
echo
echo "| query | HTTP whiteboard req/s | graphql-java in process ops/s ($THREADS threads) | in-process / HTTP |"
echo "|---|---|---|---|"
awk -v a="$HTTP_SMALL" -v b="$IP_SMALL" 'BEGIN{printf "| small | %d | %d | %.1fx |\n", a, b, b/a}'
awk -v a="$HTTP_NESTED" -v b="$IP_NESTED" 'BEGIN{printf "| nested Address/Person | %d | %d | %.1fx |\n", a, b, b/a}'
