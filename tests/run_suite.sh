#!/usr/bin/env bash
# The whole suite: on SQLite, then again on PostgreSQL when one answers at $POSTGRES_URL.
#   REQUIRE_POSTGRES=1  an unreachable PostgreSQL is a failure, not a skip
#   REQUIRE_FLINK=1     no java on PATH is a failure (the live golden tests need real Flink)
set -u
cd "$(dirname "$0")/.."

PYTHON=.venv/bin/python
POSTGRES_URL=${POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
status=0

if [ "${REQUIRE_FLINK:-0}" = "1" ] && ! command -v java >/dev/null; then
  echo "REQUIRE_FLINK=1 but java is not on PATH" >&2
  status=1
fi

# Browser tests drive Chromium; install it when we can (as root), otherwise they skip.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  { apt-get update -qq && apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || echo "could not install chromium" >&2
fi

echo "== tests on SQLite"
# xdist's default distribution (load), two tests at a time (--maxschedchunk 2): with its
# default chunks one worker was left holding the golden replays through Flink, minutes each,
# while the other sat idle (the SQLite pass took 62 minutes). Tests still go out in
# pytest-django's order (transactional tests, whose flush empties the data migration's
# environment `default`, last), which --dist worksteal breaks (428 errors on PostgreSQL).
# Not --dist loadgroup: with pytest 9 it groups nothing (xdist 3.8 sets item._nodeid, which
# pytest 9 no longer reads) and it runs one of the tests that share a node id (schemathesis'
# operations: 166 never ran). The tests that start servers do so once per worker.
XDIST=(-n auto --maxschedchunk 2)
env -u DATABASE_URL "$PYTHON" -m pytest "${XDIST[@]}" "$@" || status=1

if POSTGRES_URL="$POSTGRES_URL" "$PYTHON" - <<'PY'
import os
import sys

import psycopg

# The server, not the database the URL names: the test run creates its own test_<name>.
try:
    psycopg.connect(os.environ["POSTGRES_URL"], dbname="postgres", connect_timeout=3).close()
except psycopg.Error:
    sys.exit(1)
PY
then
  echo "== tests on PostgreSQL ($POSTGRES_URL)"
  # The live comparison with Flink does not touch the database: it ran in the first pass.
  DATABASE_URL="$POSTGRES_URL" "$PYTHON" -m pytest "${XDIST[@]}" -m "not flink" "$@" || status=1
elif [ "${REQUIRE_POSTGRES:-0}" = "1" ]; then
  echo "REQUIRE_POSTGRES=1 but PostgreSQL does not answer at $POSTGRES_URL" >&2
  status=1
else
  echo "== skipped the PostgreSQL run: nothing answers at $POSTGRES_URL"
fi

exit $status
