# make run: serve the dashboard with a demo catalog; make test: the whole test suite.
PYTHON := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test goldens lint

.venv/bin/python:
	python3 -m venv .venv

# Stamp files: reinstall only when the requirements change.
.venv/.installed: requirements.txt | .venv/bin/python
	$(PYTHON) -m pip install -q -r requirements.txt
	touch $@

.venv/.installed-dev: requirements.txt requirements-dev.txt | .venv/bin/python
	$(PYTHON) -m pip install -q -r requirements-dev.txt
	touch .venv/.installed $@

run: .venv/.installed
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py load_demo
	$(PYTHON) manage.py ensure_admin
	$(PYTHON) manage.py runserver $(HOST):$(PORT)

test: .venv/.installed-dev
	bash tests/run_suite.sh

goldens: .venv/.installed-dev
	$(PYTHON) tests/flink_oracle.py
	$(PYTHON) tests/record_keywords_oracle.py
	$(PYTHON) tests/record_functions_oracle.py

lint: .venv/.installed-dev
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
