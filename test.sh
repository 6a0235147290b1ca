#!/usr/bin/env bash
# The tests: `./test.sh [pytest args]` (HYPOTHESIS_PROFILE=ci|dev|thorough selects the profile).
# As root it installs what the tests use with apt when missing (Chromium, the PostgreSQL server)
# and starts a throwaway PostgreSQL for the run (ORA_TEST_POSTGRES=0: none; =1: the POSTGRES_*
# variables name one already running); not as root it says which tests cannot run.
# The suite runs in parallel, one pytest-xdist worker a core (ORA_TEST_WORKERS=N sets another
# number; `-n 0` or `-p no:xdist` among the args runs it in this process); the PostgreSQL tests
# take turns on their one server (tests/conftest.py).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
ORA_EXTRA=test source "$root/scripts/bootstrap.sh"
source "$root/scripts/browser.sh"
if [ -z "${ORA_TEST_POSTGRES:-}" ]; then
  source "$root/scripts/pg_throwaway.sh" || true   # stopped when this script exits
fi
cd "$root"
# The suite starts hundreds of Python processes (servers, the CLI) and each xdist worker imports
# every test module: without bytecode caches each recompiles the sources (collection took 15 s a
# worker instead of 5), so a PYTHONDONTWRITEBYTECODE of the caller's is not passed on.
unset PYTHONDONTWRITEBYTECODE
parallel=(-n "${ORA_TEST_WORKERS:-auto}")
for arg in "$@"; do
  case "$arg" in -n|-n*|--numprocesses*|no:xdist) parallel=() ;; esac
done
"$root/.venv/bin/python" -m pytest "${parallel[@]}" "$@"
