#!/usr/bin/env bash
# For shells: `source scripts/ci-postgres.sh` starts a throw-away PostgreSQL on 127.0.0.1
# (scripts/throwaway-postgres.mjs: installs Debian's postgresql as root when missing) and exports
#   TEST_DATABASE_URL     postgres://tsp@127.0.0.1:<port>/tsp_test (superuser, trust auth)
#   TSP_REQUIRE_POSTGRES  1 — the "postgres" Vitest project then fails instead of skipping.
# The cluster is stopped and deleted when the sourcing shell exits. `npm test` does all this
# itself; by hand:  source scripts/ci-postgres.sh && npx vitest run --project postgres
__tsp_pg_script="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/throwaway-postgres.mjs"
__tsp_pg_exports="$(node "$__tsp_pg_script" start)" || return 1 2>/dev/null || exit 1
eval "$__tsp_pg_exports"
# Never fails: it runs from the EXIT trap, where `set -e` would cut it short.
tsp_pg_stop() { node "$__tsp_pg_script" stop "${TSP_PG_DIR:-}" || true; }
trap tsp_pg_stop EXIT
