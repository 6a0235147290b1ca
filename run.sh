#!/usr/bin/env bash
# The main job: `./run.sh` with no arguments plays a complete 4-player game between bots on the
# embedded SQLite store; with arguments it runs the `ora` command line (`./run.sh --help`).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
source "$root/scripts/bootstrap.sh"
if [ $# -eq 0 ]; then
  set -- demo
fi
exec "$root/.venv/bin/ora" "$@"
