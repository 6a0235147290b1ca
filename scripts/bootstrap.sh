#!/usr/bin/env bash
# Creates or refreshes .venv when pyproject.toml or the constraints changed; sourced by run.sh
# (ORA_EXTRA=api: what the server needs) and test.sh (ORA_EXTRA=test: that and the test tools).
# A venv set up for the tests serves run.sh as it is (the test extra holds the api extra).
# Where a C compiler is (and ORA_PURE is not set), it adds the `compile` extra (mypy and
# setuptools) and builds the compiled core when the sources changed (scripts/build_core.py):
# ./test.sh waits for the build, ./run.sh (ORA_BUILD=background) starts it beside its work.
# Elsewhere the pure Python runs, the same program.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
extra="${ORA_EXTRA:-test}"
compile=""
if [ "${ORA_PURE:-0}" = "0" ] && command -v "${CC:-cc}" >/dev/null 2>&1; then
  compile=",compile"
fi
hash_now="$(cat "$root/pyproject.toml" "$root/requirements/constraints.txt" | sha256sum | cut -d' ' -f1)"
hash_was="" extra_was=""
if [ -f "$venv/.stamp" ]; then
  read -r hash_was extra_was < "$venv/.stamp" || true
fi
# Ready when the venv holds what is asked: the test extra holds the api extra, and the compile
# extra is wanted only where a compiler is.
ready=false
if [ -x "$venv/bin/python" ] && [ "$hash_was" = "$hash_now" ]; then
  case "$extra:${extra_was%,compile}" in test:test|api:api|api:test) ready=true ;; esac
  if [ -n "$compile" ] && [ "${extra_was%,compile}" = "$extra_was" ]; then
    ready=false
  fi
fi
if [ "$ready" != true ]; then
  if [ "$extra" = api ] && [ "${extra_was%,compile}" = test ]; then
    extra=test  # a test venv stays one (./test.sh would set it up again)
  fi
  echo "ora: setting up $venv with the '$extra$compile' extras ..." >&2
  started=$SECONDS
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    -c "$root/requirements/constraints.txt" -e "$root[$extra$compile]" >&2
  echo "$hash_now $extra$compile" > "$venv/.stamp"
  echo "ora: $venv ready in $((SECONDS - started)) s" >&2
fi
if [ -n "$compile" ]; then
  if [ "${ORA_BUILD:-wait}" = background ]; then
    # ./run.sh: serve at once; the build runs beside it, and the next start uses it
    if ! "$venv/bin/python" "$root/scripts/build_core.py" --check >/dev/null 2>&1; then
      echo "ora: compiling the core in the background (a minute or two; .compiled/build.log);" \
        "until then the pure Python runs" >&2
      mkdir -p "$root/.compiled"
      nohup "$venv/bin/python" "$root/scripts/build_core.py" --background \
        >> "$root/.compiled/background.log" 2>&1 &
    fi
  else
    "$venv/bin/python" "$root/scripts/build_core.py" \
      || echo "ora: the compiled core was not built; the pure Python runs (the same program, slower)" >&2
  fi
fi
