#!/usr/bin/env bash
# Java side (graphql-osgi): a JDK >= 17 and Maven (Debian packages, installed only when missing), then a
# first build that fetches every Maven artifact and plugin the reactor needs from Maven Central into
# ~/.m2, so that `mvn -f graphql-osgi verify` in scripts/test.sh can work offline-fast. Idempotent: a
# second run finds everything cached and only recompiles. Writes nothing to .data/test-env (the
# OSGi integration tests pick free ports themselves). Run as root.
set -euo pipefail
cd "$(dirname "$0")/../.."

java_major() {
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}

if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ] || ! command -v mvn >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y openjdk-17-jdk-headless maven
fi

if [ -f graphql-osgi/pom.xml ]; then
  # package (not verify): downloads dependencies and build plugins; the tests run later in scripts/test.sh
  mvn -B -q -f graphql-osgi -DskipTests package
fi
