#!/usr/bin/env bash
# PostgreSQL for the @gatehouse/resources tests and benchmarks: Debian's `postgresql` (installed
# only when missing), its cluster started only when not running, a role and database
# `gatehouse_test` owned by that role (created only when missing). Listens on 127.0.0.1 only
# (Debian's default). Writes PG_TEST_URL to .data/test-env. Tests isolate themselves with one
# schema per test file. Idempotent; run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${PG_TEST_PORT:-5432}
ROLE=gatehouse_test
PASSWORD=${PG_TEST_PASSWORD:-gatehouse_test_pw}

if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi

# Start every cluster that is down (normally just one: <version>/main).
pg_lsclusters -h | while read -r version name port status _rest; do
  if [ "$status" != "online" ] && [ "$port" = "$PORT" ]; then
    pg_ctlcluster "$version" "$name" start
  fi
done

for _ in $(seq 1 60); do
  pg_isready -q -h 127.0.0.1 -p "$PORT" && break
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$PORT" || { echo "PostgreSQL is not accepting connections on $PORT" >&2; exit 1; }

as_postgres() { runuser -u postgres -- psql -p "$PORT" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(as_postgres -c "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != "1" ]; then
  as_postgres -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'"
else
  as_postgres -c "ALTER ROLE $ROLE LOGIN PASSWORD '$PASSWORD'"
fi
if [ "$(as_postgres -c "SELECT 1 FROM pg_database WHERE datname = '$ROLE'")" != "1" ]; then
  as_postgres -c "CREATE DATABASE $ROLE OWNER $ROLE ENCODING 'UTF8' TEMPLATE template0"
fi

# pg_trgm (shipped with Debian's postgresql) serves regular expressions on titles (resources'
# migration 4). The test role owns the database and the extension is trusted, so a migration could
# create it too; creating it here, once, in public, keeps concurrent test schemas from racing.
as_postgres -d "$ROLE" -c "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public"

mkdir -p .data
echo "PG_TEST_URL=postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$ROLE" >> .data/test-env
