#!/usr/bin/env bash
# The tests: `./test.sh [pytest args]` (HYPOTHESIS_PROFILE=ci|dev|thorough selects the profile).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
ORA_EXTRA=test source "$root/scripts/bootstrap.sh"
source "$root/scripts/browser.sh"
cd "$root"
exec "$root/.venv/bin/python" -m pytest "$@"
