#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 server:
#   bash scripts/with-postgres.sh <command…>
# The server lives in a temp dir on 127.0.0.1 and a free port with trust auth; the command gets
# TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres (an admin URL: the server test
# harness creates one database per test file). Server and dir are removed on exit; the exit status
# is the command's. PG_BIN overrides where the server binaries are looked for.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command…>" >&2
  exit 2
fi

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
is_root() { [ "$(id -u)" = 0 ]; }

if [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
  if is_root && command -v apt-get >/dev/null 2>&1; then
    echo "with-postgres: PostgreSQL 15 not found in $PG_BIN, installing postgresql-15…" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
  fi
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "with-postgres: PostgreSQL 15 server binaries not found in $PG_BIN." >&2
    echo "  Install them (as root: apt-get update && apt-get install -y postgresql-15) or set PG_BIN." >&2
    exit 1
  fi
fi

# initdb refuses to run as root: then the server runs as the postgres OS user.
if is_root; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' OS user to run the server." >&2
    exit 1
  fi
  as_pg() {
    if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      local cmd; printf -v cmd '%q ' "$@"
      su postgres -s /bin/sh -c "$cmd"
    fi
  }
else
  as_pg() { "$@"; }
fi

PG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/xuetu-pg.XXXXXX")
chmod 700 "$PG_TMP"
if is_root; then chown postgres "$PG_TMP"; fi
started=0

cleanup() {
  if [ "$started" = 1 ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

as_pg "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$PG_TMP/initdb.log" 2>&1 || {
  cat "$PG_TMP/initdb.log" >&2
  echo "with-postgres: initdb failed" >&2
  exit 1
}

# Durability is pointless for a throwaway server; max_connections covers parallel pools in tests.
PG_OPTS="-h 127.0.0.1 -k $PG_TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
for attempt in 1 2 3; do
  PORT=$(free_port)
  if as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -o "-p $PORT $PG_OPTS" -l "$PG_TMP/server.log" -w -t 30 start >/dev/null; then
    started=1
    break
  fi
  # Another program may have taken the port between the probe and the start: try another one.
  echo "with-postgres: start on port $PORT failed (attempt $attempt)" >&2
done
if [ "$started" != 1 ]; then
  cat "$PG_TMP/server.log" >&2 || true
  echo "with-postgres: could not start PostgreSQL" >&2
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $TEST_DATABASE_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
