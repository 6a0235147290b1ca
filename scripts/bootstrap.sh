#!/usr/bin/env bash
# Creates or refreshes .venv when pyproject.toml or the constraints changed; sourced by run.sh / test.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp_now="$(cat "$root/pyproject.toml" "$root/requirements/constraints.txt" | sha256sum | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$stamp_now" ]; then
  echo "ora: setting up $venv ..." >&2
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -c "$root/requirements/constraints.txt" -e "$root[test]" >&2
  echo "$stamp_now" > "$venv/.stamp"
fi
