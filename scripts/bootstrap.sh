#!/usr/bin/env bash
# Creates or refreshes .venv when pyproject.toml or the constraints changed; sourced by run.sh
# (ORA_EXTRA=api: what the server needs) and test.sh (ORA_EXTRA=test: that and the test tools).
# A venv set up for the tests serves run.sh as it is (the test extra holds the api extra).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
extra="${ORA_EXTRA:-test}"
hash_now="$(cat "$root/pyproject.toml" "$root/requirements/constraints.txt" | sha256sum | cut -d' ' -f1)"
hash_was="" extra_was=""
if [ -f "$venv/.stamp" ]; then
  read -r hash_was extra_was < "$venv/.stamp" || true
fi
ready=false
if [ -x "$venv/bin/python" ] && [ "$hash_was" = "$hash_now" ]; then
  case "$extra:$extra_was" in
    test:test|api:api|api:test) ready=true ;;
  esac
fi
if [ "$ready" != true ]; then
  echo "ora: setting up $venv with the '$extra' extra ..." >&2
  started=$SECONDS
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -c "$root/requirements/constraints.txt" -e "$root[$extra]" >&2
  echo "$hash_now $extra" > "$venv/.stamp"
  echo "ora: $venv ready in $((SECONDS - started)) s" >&2
fi
