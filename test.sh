#!/usr/bin/env bash
# The tests: `./test.sh [pytest args]` (HYPOTHESIS_PROFILE=ci|dev|thorough selects the profile).
# The suite runs in parallel, one pytest-xdist worker a core (ORA_TEST_WORKERS=N sets another
# number; `-n 0` or `-p no:xdist` among the args runs it in this process); the PostgreSQL tests
# share one worker (tests/conftest.py).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
ORA_EXTRA=test source "$root/scripts/bootstrap.sh"
source "$root/scripts/browser.sh"
cd "$root"
parallel=(-n "${ORA_TEST_WORKERS:-auto}" --dist loadgroup)
for arg in "$@"; do
  case "$arg" in -n|-n*|--numprocesses*|no:xdist) parallel=() ;; esac
done
exec "$root/.venv/bin/python" -m pytest "${parallel[@]}" "$@"
