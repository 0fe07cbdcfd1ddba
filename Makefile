# Two commands do everything: `make run` serves the site, `make test` tests it.
# Each step leaves a stamp, so a second run reinstalls nothing that did not change.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TOOLS := .tools
BUN_VERSION := 1.4.4
AXE_VERSION := 4.14.1
PORT ?= 3000

# Reflex cannot download bun here; it uses the one on PATH (ours in .tools, or the system's).
export REFLEX_USE_SYSTEM_BUN := 1
export PATH := $(abspath $(TOOLS)/node_modules/.bin):$(abspath $(BIN)):$(PATH)

.PHONY: help setup bun axe run dev export test test-unit test-e2e lint check-content migrate chromium clean bench bench-contact bench-visitors lighthouse

help:
	@echo "make run    set up everything and serve the production build at http://localhost:$(PORT)"
	@echo "make test   set up everything and run the unit and end-to-end tests"
	@echo "make dev    serve with hot reload (frontend :3000, backend :8000)"
	@echo "make export build the static frontend into .web/build/client"
	@echo "make lint   ruff"
	@echo "make bench build and serve, then Lighthouse every page type (BENCH_ARGS=\"--runs 1\" to narrow) and print each page's weight"
	@echo "make bench-contact  N contact messages at once through the websocket (N=200)"
	@echo "make bench-visitors N page views and K messages: websockets, server states, memory, JS per page (N=200 K=5)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.requirements.stamp: requirements.txt constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt -c constraints.txt
	touch $@

# bun 1.4.x (at least 1.4.4, which Reflex 0.10.1 requires): use one on PATH if it is
# suitable, otherwise install it from the npm registry into .tools/. Checked on every run
# (it takes milliseconds), so a bun removed since the last run is noticed.
bun:
	@mkdir -p $(TOOLS)
	@found=$$(command -v bun 2>/dev/null || true); \
	version=$$([ -n "$$found" ] && bun --version 2>/dev/null || true); \
	if [ -n "$$version" ] && [ "$${version%%.*}" = 1 ] && [ "$$(echo "$$version" | cut -d. -f2)" = 4 ] \
		&& [ "$$(echo "$$version" | cut -d. -f3)" -ge 4 ] 2>/dev/null; then \
		echo "Using bun $$version at $$found"; \
	else \
		echo "Installing bun $(BUN_VERSION) into $(TOOLS)"; \
		npm install --prefix $(TOOLS) --no-save --no-audit --no-fund --loglevel=error bun@$(BUN_VERSION); \
	fi

setup: $(VENV)/.requirements.stamp bun check-content migrate

# axe-core for the accessibility test (tests/e2e/test_accessibility.py), from the npm
# registry into its own prefix; the stamp names the version, so changing it reinstalls.
AXE_STAMP := $(TOOLS)/axe/.axe-core-$(AXE_VERSION).stamp
axe: $(AXE_STAMP)
$(AXE_STAMP):
	@mkdir -p $(TOOLS)/axe
	npm install --prefix $(TOOLS)/axe --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	@rm -f $(TOOLS)/axe/.axe-core-*.stamp
	touch $@

check-content: $(VENV)/.requirements.stamp
	@$(BIN)/python -m agency_site.content

# Database migrations of the contact messages (alembic/) on DATABASE_URL's database.
# The same scripts as `reflex db migrate`, without compiling the whole app first.
migrate: $(VENV)/.requirements.stamp
	@$(BIN)/python -m agency_site.leads migrate

run: setup
	$(BIN)/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT)

dev: setup
	$(BIN)/reflex run --env dev

export: setup
	$(BIN)/reflex export --frontend-only --no-zip

# A Chromium for Playwright. CI (CI=true): Debian's, installed with apt-get when missing.
# Elsewhere: Debian's or any on PATH; else apt-get when run as root or with password-less
# sudo; else Playwright's own download (a machine with internet).
chromium: $(VENV)/.requirements.stamp
	@SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	if [ -n "$${CHROMIUM_PATH:-}" ] && [ -x "$${CHROMIUM_PATH}" ]; then \
		echo "Using Chromium at $$CHROMIUM_PATH"; \
	elif command -v chromium >/dev/null 2>&1; then \
		echo "Using Chromium at $$(command -v chromium)"; \
	elif [ "$${CI:-}" = "true" ]; then \
		$$SUDO apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO apt-get install -y chromium; }; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		$$SUDO apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO apt-get install -y chromium; } \
			|| $(BIN)/python -m playwright install chromium; \
	else \
		$(BIN)/python -m playwright install chromium; \
	fi

# Unit tests in one process first (they run their own event loops, which a worker that
# already drives Playwright's sync API could not). Then the end-to-end tests on two
# pytest-xdist workers (TEST_WORKERS=1 for one process): the controller builds and serves
# the app once for both; each module runs on one worker, the contact ones on the same.
TEST_WORKERS ?= 2
test: setup chromium axe
	$(BIN)/python -m pytest tests/unit --durations=5
	$(BIN)/python -m pytest tests/e2e --durations=15 $(if $(filter-out 0 1,$(TEST_WORKERS)),-n $(TEST_WORKERS))

test-unit: setup
	$(BIN)/python -m pytest tests/unit

test-e2e: setup chromium axe
	$(BIN)/python -m pytest tests/e2e

lint: $(VENV)/.requirements.stamp
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf .web .states

# Lighthouse (npm registry) for `make bench` only, in its own prefix; the stamp names the
# versions, so changing them here reinstalls. Lighthouse 13 needs Node 22; 12.8 runs on 20.
LIGHTHOUSE_VERSION := 12.8.2
CHROME_LAUNCHER_VERSION := 1.2.1
LIGHTHOUSE_STAMP := $(TOOLS)/lighthouse/.installed-$(LIGHTHOUSE_VERSION)-$(CHROME_LAUNCHER_VERSION)

$(LIGHTHOUSE_STAMP):
	@mkdir -p $(TOOLS)/lighthouse
	npm install --prefix $(TOOLS)/lighthouse --no-save --no-audit --no-fund --loglevel=error \
		lighthouse@$(LIGHTHOUSE_VERSION) chrome-launcher@$(CHROME_LAUNCHER_VERSION)
	touch $@

lighthouse: $(LIGHTHOUSE_STAMP)

# Figures, not tests: build and serve the production build on a free port (3301-3399),
# run Lighthouse on every page type and its script-free floor, print the table and the
# budgets (files in benchmarks/out/), then print what each page weighs.
# Narrow it with e.g. BENCH_ARGS="--runs 1 --presets mobile --langs en".
BENCH_ARGS ?=
bench: setup chromium lighthouse
	$(BIN)/python benchmarks/lighthouse.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/page_weight.py

# Figures, not tests: N visitors submit the contact form at once through the websocket.
N ?= 200
bench-contact: setup
	$(BIN)/python benchmarks/contact_throughput.py -n $(N)

# Figures, not tests: N page views across every page type and K visitors who send the form,
# in Chromium; prints websockets opened, states the server kept, its memory before and after
# the sessions expired, and each page's JavaScript in this build and in BASELINE_REV's.
K ?= 5
BASELINE_REV ?= c6c6903
bench-visitors: setup chromium
	$(BIN)/python benchmarks/visitors.py -n $(N) -k $(K) --baseline-rev $(BASELINE_REV)
