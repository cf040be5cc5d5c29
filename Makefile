# make run: serve the dashboard with a demo catalog; make test: the whole test suite.
PYTHON := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test goldens lint flink-catalog flink-catalog-test

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

test: .venv/.installed-dev $(PLUGIN_JAR)
	bash tests/run_suite.sh

goldens: .venv/.installed-dev
	$(PYTHON) tests/flink_oracle.py
	$(PYTHON) tests/record_keywords_oracle.py
	$(PYTHON) tests/record_functions_oracle.py
	$(PYTHON) tests/record_null_operands_oracle.py  # after the function record it reads
	$(PYTHON) tests/record_grouping_scope_oracle.py
	$(PYTHON) tests/record_operator_table_oracle.py
	$(PYTHON) tests/record_connectors_oracle.py
	$(PYTHON) tests/record_zones_oracle.py
	$(PYTHON) tests/record_patterns_oracle.py
	$(PYTHON) tests/record_positions_oracle.py
	$(PYTHON) tests/record_lexical_oracle.py
	$(PYTHON) tests/record_types_oracle.py
	$(PYTHON) tests/record_casts_oracle.py

lint: .venv/.installed-dev
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .

# The Flink catalog plugin (flink-catalog/): javac and jar against the Flink jars of the
# apache-flink wheel (no Maven: Maven Central is out of reach). Rebuilt when a source changes.
FLINK_JARS = $(wildcard .venv/lib/python3*/site-packages/pyflink/lib/*.jar .venv/lib/python3*/site-packages/pyflink/opt/*.jar)
PLUGIN_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
PLUGIN_JAR := flink-catalog/build/flink-catalog-dashboard-$(PLUGIN_VERSION).jar
PLUGIN_SOURCES := $(shell find flink-catalog/src/main -type f 2>/dev/null)
PLUGIN_TEST_SOURCES := $(shell find flink-catalog/src/test -name '*.java' 2>/dev/null)
FLINK_CLASSPATH = $(subst $(eval ) ,:,$(FLINK_JARS))

flink-catalog: $(PLUGIN_JAR)

$(PLUGIN_JAR): $(PLUGIN_SOURCES)
	@test -n "$(FLINK_JARS)" || { echo "no Flink jars in .venv: run make .venv/.installed-dev" >&2; exit 1; }
	@command -v javac >/dev/null || { echo "no javac on PATH: cannot build the Flink catalog plugin" >&2; exit 1; }
	rm -rf flink-catalog/build/classes
	mkdir -p flink-catalog/build/classes
	javac --release 17 -nowarn -d flink-catalog/build/classes \
		-cp "$(FLINK_CLASSPATH)" \
		$(filter %.java,$(PLUGIN_SOURCES))
	cp -r flink-catalog/src/main/resources/. flink-catalog/build/classes/
	jar --create --file $@.part -C flink-catalog/build/classes .
	mv $@.part $@

# The plugin's unit tests (flink-catalog/src/test): no JUnit reaches these machines and the wheel
# ships none, so a runner of their own (TestRunner), compiled with javac beside the jar.
# tests/test_flink_catalog_unit.py runs this target.
flink-catalog-test: $(PLUGIN_JAR)
	rm -rf flink-catalog/build/test-classes
	mkdir -p flink-catalog/build/test-classes
	javac --release 17 -nowarn -d flink-catalog/build/test-classes \
		-cp "$(PLUGIN_JAR):$(FLINK_CLASSPATH)" $(PLUGIN_TEST_SOURCES)
	env -u DASHBOARD_TOKEN DASHBOARD_PLUGIN_TEST_SECRET=from-the-environment \
		java -cp "flink-catalog/build/test-classes:$(PLUGIN_JAR):$(FLINK_CLASSPATH)" \
		org.flinkdashboard.catalog.TestRunner
