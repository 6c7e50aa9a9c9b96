# Eris: `make run` serves everything with demo data at http://localhost:8080; `make test` runs
# every check and test. Both expect PostgreSQL and Redis on localhost (see README).

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/eris-target
BIN := $(CARGO_TARGET_DIR)/debug
BUF := web/node_modules/.bin/buf

# The browser tests and the benchmark run their own stack on other ports and databases, so
# they never touch what `make run` serves. Every fixed port is below the kernel's ephemeral range
# (32768-60999 here): the Rust tests, running beside the browser tests, take ephemeral ports.
E2E_PORT := 18080
E2E_GRPC_BASE_PORT := 21051
E2E_DATABASE := eris_e2e
BENCH_PORT := 28080
BENCH_GRPC_BASE_PORT := 22051
BENCH_DATABASE := eris_bench
PG_ADMIN := postgres://postgres@localhost:5432/postgres

.PHONY: run test web web-deps proto-gen rust-checks rust-test web-checks proto-checks deploy-checks e2e e2e-run bench clean-test-databases fault fault-money api-fuzz

run: web
	cargo build --bin eris-stack
	$(BIN)/eris-stack --demo

web-deps:
	@if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then \
		cd web && npm ci --no-audit --no-fund; fi

web: web-deps
	cd web && npm run build

proto-gen: web-deps
	cd web && npm run gen

# Two lanes side by side, since the Rust build keeps both cores busy only part of the time: Rust
# (checks, build, tests) and the web (proto and deployment checks, lint, unit tests, build), each
# line of the second marked [web]. The browser tests follow on the built app and stack.
test: web-deps
	@set -uo pipefail; \
	( $(MAKE) --no-print-directory proto-checks deploy-checks web-checks 2>&1 | sed -u 's/^/[web] /' ) & web=$$!; \
	$(MAKE) --no-print-directory rust-checks clean-test-databases rust-test; rust=$$?; \
	wait $$web; web=$$?; \
	if [ $$rust != 0 ] || [ $$web != 0 ]; then echo "make test: failed (rust lane $$rust, web lane $$web)"; exit 1; fi
	$(MAKE) --no-print-directory e2e-run
	@echo "make test: every check passed"

rust-checks:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

proto-checks: web-deps
	$(BUF) lint
	$(BUF) format -d --exit-code
	@if git rev-parse -q --verify HEAD~1 >/dev/null; then \
		$(BUF) breaking --against '.git#ref=HEAD~1'; fi
	@# The generated web clients must match the protos.
	cd web && npm run gen && git diff --exit-code -- src/gen

deploy-checks:
	bash deploy/validate.sh

# Test databases are dropped by the tests themselves; a killed run can leave some behind.
clean-test-databases:
	@psql "$(PG_ADMIN)" -Atc "select datname from pg_database where datname like 'eris_test_%'" \
		| while read -r db; do psql "$(PG_ADMIN)" -qc "drop database if exists \"$$db\" with (force)"; done

rust-test:
	cargo nextest run --workspace --locked --no-fail-fast

web-checks: web-deps
	cd web && npm run lint && npm test && npm run build && npm run budget

e2e: web e2e-run

# The browser tests on the app as last built (`make test` has just built it).
e2e-run:
	cargo build --bin eris-stack
	psql "$(PG_ADMIN)" -qc "drop database if exists $(E2E_DATABASE) with (force)"
	@set -euo pipefail; \
	log=$$(mktemp); \
	DATABASE_URL=postgres://postgres@localhost:5432/$(E2E_DATABASE) ERIS_REDIS_PREFIX="eris-e2e:$$RANDOM$$RANDOM:" \
	ERIS_LISTEN=127.0.0.1:$(E2E_PORT) ERIS_GRPC_BASE_PORT=$(E2E_GRPC_BASE_PORT) ERIS_SHUTDOWN_GRACE_MS=0 \
		$(BIN)/eris-stack --demo >"$$log" 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null || true' EXIT; \
	for i in $$(seq 1 120); do \
		curl -fs http://127.0.0.1:$(E2E_PORT)/readyz >/dev/null && break; \
		kill -0 $$pid 2>/dev/null || { cat "$$log"; exit 1; }; sleep 0.5; done; \
	curl -fs http://127.0.0.1:$(E2E_PORT)/readyz >/dev/null || { cat "$$log"; exit 1; }; \
	for i in $$(seq 1 120); do grep -q "Reports rebuilt" "$$log" && break; sleep 0.5; done; \
	cd web && E2E_BASE_URL=http://127.0.0.1:$(E2E_PORT) npm run e2e

# Fault test: its own PostgreSQL (port 15432) and Redis (16379), every service as its own process,
# a note-writing load while Redis and PostgreSQL restart and crm is killed; asserts no
# acknowledged write is lost, no request outlives its deadline, signed-out tokens stay refused,
# an open screen's change feed hears changes again after each fault.
fault:
	cargo build --bin eris-stack --bin eris-identity --bin eris-crm --bin eris-contracts \
		--bin eris-sourcing --bin eris-reporting --bin eris-gateway
	python3 tests/fault/fault_test.py --bin-dir $(BIN)

# Fault test of the money path: its own PostgreSQL (port 15532) and Redis (16479), two reporting
# processes, a contracts-and-payments load while the projectors die, Redis empties, the lease
# holder's backend is terminated, PostgreSQL restarts, contracts is killed and the read models are
# changed behind the projector's back (the reconciler mends them); asserts the read models and the
# revenue report equal the contracts schema to the cent within 30 s of each.
fault-money:
	cargo build --bin eris-stack --bin eris-identity --bin eris-crm --bin eris-contracts \
		--bin eris-sourcing --bin eris-reporting --bin eris-gateway
	python3 tests/fault/money_test.py --bin-dir $(BIN)

# API fuzzing: schemathesis against /api/openapi.json of a demo stack on its own port and
# database; distinct failures go to /tmp/eris-schemathesis-findings.md.
API_FUZZ_PORT := 18280
API_FUZZ_GRPC_BASE_PORT := 23251
API_FUZZ_DATABASE := eris_fuzz

api-fuzz:
	cargo build --bin eris-stack
	python3 tests/api-fuzz/run.py --bin-dir $(BIN) --port $(API_FUZZ_PORT) \
		--grpc-base-port $(API_FUZZ_GRPC_BASE_PORT) --database $(API_FUZZ_DATABASE) --pg-admin "$(PG_ADMIN)"

# Benchmarks: sign-in and a token-checked round trip, then company search and getLeadById on a
# generated book of 100,000 companies, beside pgbench -S on the same machine. Results go to
# docs/benchmarks.md.
BENCH_COMPANIES ?= 100000
PGBENCH_DATABASE := eris_pgbench

bench: web
	cargo build --release --bin eris-stack --bin eris-bench
	psql "$(PG_ADMIN)" -qc "drop database if exists $(BENCH_DATABASE) with (force)"
	DATABASE_URL=postgres://postgres@localhost:5432/$(BENCH_DATABASE) RUST_LOG=warn \
		$(CARGO_TARGET_DIR)/release/eris-stack seed --companies $(BENCH_COMPANIES)
	psql "$(PG_ADMIN)" -qc "checkpoint"
	psql "$(PG_ADMIN)" -qc "drop database if exists $(PGBENCH_DATABASE) with (force)"
	psql "$(PG_ADMIN)" -qc "create database $(PGBENCH_DATABASE)"
	pgbench -h 127.0.0.1 -U postgres -i -s 10 -q $(PGBENCH_DATABASE)
	@set -euo pipefail; \
	tps=$$(pgbench -h 127.0.0.1 -U postgres -S -n -c 32 -j 2 -T 10 $(PGBENCH_DATABASE) | awk '/^tps/ {print $$3; exit}'); \
	echo "pgbench -S: $$tps tps"; \
	log=$$(mktemp); \
	export ERIS_SERVICE_SECRET="bench-$$RANDOM$$RANDOM"; \
	DATABASE_URL=postgres://postgres@localhost:5432/$(BENCH_DATABASE) ERIS_REDIS_PREFIX="eris-bench:$$RANDOM:" \
	ERIS_LISTEN=127.0.0.1:$(BENCH_PORT) ERIS_GRPC_BASE_PORT=$(BENCH_GRPC_BASE_PORT) ERIS_SHUTDOWN_GRACE_MS=0 \
	RUST_LOG=warn $(CARGO_TARGET_DIR)/release/eris-stack --demo >"$$log" 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null || true' EXIT; \
	for i in $$(seq 1 120); do curl -fs http://127.0.0.1:$(BENCH_PORT)/readyz >/dev/null && break; sleep 0.5; done; \
	for i in $$(seq 1 600); do grep -q "Reports rebuilt" "$$log" && break; sleep 1; done; \
	grep "Reports rebuilt" "$$log"; \
	$(CARGO_TARGET_DIR)/release/eris-bench --base-url http://127.0.0.1:$(BENCH_PORT) --crm --pgbench-tps "$$tps" \
		--stack-pid $$pid --rebuild-database-url postgres://postgres@localhost:5432/$(BENCH_DATABASE) \
		--grpc-base-port $(BENCH_GRPC_BASE_PORT); \
	cd web && BENCH_BASE_URL=http://127.0.0.1:$(BENCH_PORT) node bench/accounts-screen.mjs && \
		BENCH_BASE_URL=http://127.0.0.1:$(BENCH_PORT) node bench/cold-load.mjs
