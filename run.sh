#!/usr/bin/env bash
# The main job: `./run.sh` with no arguments starts the JSON-RPC server on 127.0.0.1:8765 (HTTP
# POST /rpc and WebSocket /ws) over the embedded SQLite store in ./data (or $ORA_DATA); with
# arguments it runs the `ora` command line (`./run.sh --help`, `./run.sh demo`).
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
ORA_EXTRA=api source "$root/scripts/bootstrap.sh"   # the server only; ./test.sh adds the test tools
if [ $# -eq 0 ]; then
  set -- serve --http 127.0.0.1:8765
fi
exec "$root/.venv/bin/ora" "$@"
