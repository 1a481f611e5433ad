# make run   - set up .venv, migrate, load the sample catalogue, serve http://127.0.0.1:8000
# make test  - the same set-up, the layering's contracts (lint-imports, see pyproject.toml), then the whole test suite
#              (first make system-deps: what the tests need from the system)
# make system-deps - installs the Debian packages the tests need when one is missing (Chromium for
#              the browser tests, a CJK font for Japanese in screenshots and PNG card faces, cairo,
#              gettext, wrk for the HTTP benchmarks' clients), with apt-get when run as root, else says
#              what to install; a no-op when all is there
# make bench - the benchmarks in bench/
# (make run is the development form of the Procfile: web and the three workers, with beat inside
# the people's worker, run by supervisord (config/supervisord.conf), which starts again whichever
# dies; docs/deploy.md runs them as separate processes.)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
# More than one worker needs REDIS_URL: the in-memory channel layer lives in one process.
WORKERS ?= 1
# The Celery queues (config/queues.py): people's bot turns, clocks and sweeps on QUEUE, bot-only
# matches on QUEUE-bots, simulations on QUEUE-simulations, each with a worker of its own.
QUEUE ?= $(or $(CELERY_TASK_DEFAULT_QUEUE),celery)
# The processes of make run. Without proxies in front (NUM_PROXIES 0 or unset) uvicorn reads no
# X-Forwarded-For either: by default it takes one from a client on 127.0.0.1 as the address.
PROXY_HEADERS = $(if $(filter-out 0,$(or $(NUM_PROXIES),0)),,--no-proxy-headers)
RUN_WEB = $(CURDIR)/$(VENV)/bin/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --workers $(WORKERS) --ws core.ws_protocol:WebSocketProtocol --log-level warning $(PROXY_HEADERS)
RUN_WORKER = $(CURDIR)/$(VENV)/bin/celery -A config worker --beat -Q $(QUEUE) --loglevel=WARNING --concurrency=2 -n people@%h
RUN_BOTS = nice -n 5 $(CURDIR)/$(VENV)/bin/celery -A config worker -Q $(QUEUE)-bots --loglevel=WARNING --concurrency=2 -n bots@%h
RUN_SIMULATIONS = nice -n 10 $(CURDIR)/$(VENV)/bin/celery -A config worker -Q $(QUEUE)-simulations --loglevel=WARNING --concurrency=1 -n simulations@%h
# supervisord warns when it runs as root unless told that it is meant to
RUN_AS = $(if $(filter 0,$(shell id -u)),--user root)

.PHONY: run test bench setup messages migrate clean system-deps

$(STAMP): requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	@rm -f $(VENV)/.installed-*; touch $(STAMP)

messages: $(STAMP)
	$(PY) manage.py compilemessages --ignore=.venv -v0

setup: $(STAMP) messages
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py load_samples

run: setup
	@echo "Serving on http://$(HOST):$(PORT)/ (web, websockets and Celery workers, each started again if it dies). Ctrl-C stops all."
	@RUN_WEB='$(RUN_WEB)' RUN_WORKER='$(RUN_WORKER)' RUN_BOTS='$(RUN_BOTS)' RUN_SIMULATIONS='$(RUN_SIMULATIONS)' \
	  exec $(VENV)/bin/supervisord -c config/supervisord.conf $(RUN_AS)

# each check: a package's command, library or font, and the package that brings it
system-deps:
	@need=(); \
	command -v chromium >/dev/null 2>&1 || need+=(chromium); \
	command -v msgfmt >/dev/null 2>&1 || need+=(gettext); \
	{ ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null; } | grep -q 'libcairo\.so\.2' || need+=(libcairo2); \
	fc-list 2>/dev/null | grep -q 'Noto Sans CJK JP' || need+=(fonts-noto-cjk); \
	command -v wrk >/dev/null 2>&1 || need+=(wrk); \
	if [ $${#need[@]} -eq 0 ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing: $${need[*]}"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$${need[@]}" >/dev/null; \
	else \
	  echo "The tests need these system packages, missing here: $${need[*]}" >&2; \
	  echo "  (Debian or Ubuntu: sudo apt-get install $${need[*]}; then make test again)" >&2; \
	fi

test: system-deps $(STAMP) messages
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(PY) -m pytest $(PYTEST_ARGS)

bench: setup system-deps
	$(PY) -m bench $(BENCH)

clean:
	rm -rf $(VENV) var
