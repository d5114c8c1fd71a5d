#!/usr/bin/env bash
# Sourced by .ci/run: a PostgreSQL server on 127.0.0.1 for the server's tests on the
# production path (DATABASE_URL). Installs Debian's `postgresql` when missing (as root),
# starts a throwaway cluster under /tmp on a free port, creates a database, and exports
#   TEST_DATABASE_URL     postgres://tsp@127.0.0.1:<port>/tsp_test (superuser, trust auth)
#   TSP_REQUIRE_POSTGRES  1 — the "postgres" Vitest project then fails instead of skipping.
# The cluster stops when the sourcing shell exits. Run it yourself with
#   source scripts/ci-postgres.sh && npx vitest run --project postgres

# Stops the cluster and removes its folder; never fails (it runs from the EXIT trap, where
# `set -e` would otherwise cut it short and leave the server running).
tsp_pg_stop() {
  [ -n "${TSP_PG_DIR:-}" ] || return 0
  local as=()
  [ "$(id -u)" = "0" ] && as=(runuser -u postgres --)
  "${as[@]}" "$TSP_PG_BIN/pg_ctl" -D "$TSP_PG_DIR/data" -m fast -t 30 stop >/dev/null 2>&1 ||
    "${as[@]}" "$TSP_PG_BIN/pg_ctl" -D "$TSP_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$TSP_PG_DIR" || true
  TSP_PG_DIR=""
}

tsp_pg_start() {
  local pgbin port dir log owner run
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$pgbin" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      echo "== installing Debian's postgresql"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null ||
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; } ||
        { echo "ci-postgres: could not install postgresql" >&2; return 1; }
      pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    else
      echo "ci-postgres: PostgreSQL is not installed; install it (apt-get install postgresql) or run as root" >&2
      return 1
    fi
  fi

  # A free port from 55432 up.
  port=${TSP_PG_PORT:-55432}
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

  dir=$(mktemp -d /tmp/tsp-ci-pg.XXXXXX)
  log="$dir/server.log"
  # initdb and postgres refuse to run as root: use the package's postgres user.
  if [ "$(id -u)" = "0" ]; then
    owner=postgres
    chown "$owner" "$dir"
    run() { runuser -u postgres -- "$@"; }
  else
    run() { "$@"; }
  fi
  run "$pgbin/initdb" -D "$dir/data" -U tsp -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null ||
    { echo "ci-postgres: initdb failed" >&2; return 1; }
  run "$pgbin/pg_ctl" -D "$dir/data" -l "$log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$log" >&2; return 1; }
  "$pgbin/psql" -h 127.0.0.1 -p "$port" -U tsp -d postgres -v ON_ERROR_STOP=1 -q -c "create database tsp_test" ||
    { echo "ci-postgres: create database failed" >&2; return 1; }

  export TEST_DATABASE_URL="postgres://tsp@127.0.0.1:$port/tsp_test"
  export TSP_REQUIRE_POSTGRES=1
  TSP_PG_BIN="$pgbin"
  TSP_PG_DIR="$dir"
  trap tsp_pg_stop EXIT
  echo "== PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (TEST_DATABASE_URL exported)"
}

tsp_pg_start
