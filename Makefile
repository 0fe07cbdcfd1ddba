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
PORT ?= 3000

# Reflex cannot download bun here; it uses the one on PATH (ours in .tools, or the system's).
export REFLEX_USE_SYSTEM_BUN := 1
export PATH := $(abspath $(TOOLS)/node_modules/.bin):$(abspath $(BIN)):$(PATH)

.PHONY: help setup run dev export test test-unit test-e2e lint check-content migrate chromium clean bench

help:
	@echo "make run    set up everything and serve the production build at http://localhost:$(PORT)"
	@echo "make test   set up everything and run the unit and end-to-end tests"
	@echo "make dev    serve with hot reload (frontend :3000, backend :8000)"
	@echo "make export build the static frontend into .web/build/client"
	@echo "make lint   ruff"
	@echo "make bench build, then print each page's weight (benchmarks/)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.requirements.stamp: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

# bun 1.4.x: use one on PATH if it is suitable, otherwise install it from the npm registry.
$(TOOLS)/.bun.stamp:
	@mkdir -p $(TOOLS)
	@if command -v bun >/dev/null 2>&1 && bun --version | grep -Eq '^1\.4\.'; then \
		echo "Using bun $$(bun --version) at $$(command -v bun)"; \
	else \
		echo "Installing bun $(BUN_VERSION) into $(TOOLS)"; \
		npm install --prefix $(TOOLS) --no-save --no-audit --no-fund --loglevel=error bun@$(BUN_VERSION); \
	fi
	@touch $@

setup: $(VENV)/.requirements.stamp $(TOOLS)/.bun.stamp check-content migrate

check-content: $(VENV)/.requirements.stamp
	@$(BIN)/python -m agency_site.content

# Database migrations, once the project has them (contact messages).
migrate: $(VENV)/.requirements.stamp
	@if [ -d alembic ]; then $(BIN)/reflex db migrate; fi

run: setup
	$(BIN)/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT)

dev: setup
	$(BIN)/reflex run --env dev

export: setup
	$(BIN)/reflex export --frontend-only --no-zip

# A Chromium for Playwright: Debian's when present, else install Debian's with apt-get
# (as root or with password-less sudo), else let Playwright download its own.
chromium: $(VENV)/.requirements.stamp
	@if [ -n "$${CHROMIUM_PATH:-}" ] && [ -x "$${CHROMIUM_PATH}" ]; then \
		echo "Using Chromium at $$CHROMIUM_PATH"; \
	elif command -v chromium >/dev/null 2>&1; then \
		echo "Using Chromium at $$(command -v chromium)"; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
		$$SUDO apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO apt-get install -y chromium; } \
			|| $(BIN)/python -m playwright install chromium; \
	else \
		$(BIN)/python -m playwright install chromium; \
	fi

test: setup chromium
	$(BIN)/python -m pytest tests/unit tests/e2e

test-unit: setup
	$(BIN)/python -m pytest tests/unit

test-e2e: setup chromium
	$(BIN)/python -m pytest tests/e2e

lint: $(VENV)/.requirements.stamp
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf .web .states

# Figures, not tests: build the static frontend, then print what each page weighs.
bench: export
	$(BIN)/python benchmarks/page_weight.py
