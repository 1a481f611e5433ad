# make run   - set up .venv, migrate, load the sample catalogue, serve http://127.0.0.1:8000
# make test  - the same set-up, then the whole test suite
# make bench - the benchmarks in bench/
# (make run is the development form of the Procfile: web, and a worker with beat inside it,
# run by supervisord (config/supervisord.conf), which starts again whichever dies; docs/deploy.md
# runs them as separate processes.)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
# More than one worker needs REDIS_URL: the in-memory channel layer lives in one process.
WORKERS ?= 1
# The processes of make run.
RUN_WEB = $(CURDIR)/$(VENV)/bin/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --workers $(WORKERS) --log-level warning
RUN_WORKER = $(CURDIR)/$(VENV)/bin/celery -A config worker --beat --loglevel=WARNING --concurrency=2
# supervisord warns when it runs as root unless told that it is meant to
RUN_AS = $(if $(filter 0,$(shell id -u)),--user root)

.PHONY: run test bench setup messages migrate clean

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
	@echo "Serving on http://$(HOST):$(PORT)/ (web, websockets and a Celery worker, each started again if it dies). Ctrl-C stops all."
	@RUN_WEB='$(RUN_WEB)' RUN_WORKER='$(RUN_WORKER)' exec $(VENV)/bin/supervisord -c config/supervisord.conf $(RUN_AS)

test: $(STAMP) messages
	$(PY) -m pytest $(PYTEST_ARGS)

bench: setup
	$(PY) -m bench $(BENCH)

clean:
	rm -rf $(VENV) var
