#!/usr/bin/env bash
# The main job: `./run.sh` with no arguments starts the JSON-RPC server on 127.0.0.1:8765 (HTTP
# POST /rpc and WebSocket /ws) over the embedded SQLite store in ./data (or $ORA_DATA); with
# arguments it runs the `ora` command line (`./run.sh --help`, `./run.sh demo`).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
# the server only (./test.sh adds the test tools); the compiled core is built beside it
ORA_EXTRA=api ORA_BUILD=background source "$root/scripts/bootstrap.sh"
if [ $# -eq 0 ]; then
  set -- serve --http 127.0.0.1:8765
fi
exec "$root/.venv/bin/ora" "$@"
