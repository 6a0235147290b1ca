#!/usr/bin/env bash
# Debian's Chromium for the browser tests (tests/web), sourced by test.sh: installed with apt when
# missing and we are root; otherwise says so (the browser tests then fail in CI, CI=true, and
# are skipped with that reason elsewhere). Quick when it is already there. Playwright drives this
# system Chromium (/usr/bin/chromium); it never downloads a browser. apt's output goes to a log
# file, and `--no-upgrade` leaves installed packages as they are (only chromium and what it
# needs are added).
if [ ! -x "${ORA_CHROMIUM:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    apt_log="${TMPDIR:-/tmp}/ora-apt-chromium.log"
    echo "ora: installing Debian's chromium with apt for the browser tests (log: $apt_log) ..." >&2
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$apt_log" 2>&1 \
       && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-upgrade chromium \
            >>"$apt_log" 2>&1; then
      echo "ora: chromium installed ($(grep -c '^Setting up' "$apt_log") packages set up)" >&2
    else
      echo "ora: apt-get could not install chromium (see $apt_log): the browser tests will fail" >&2
    fi
  else
    echo "ora: /usr/bin/chromium is missing and only root can install it" \
         "(apt-get install chromium): the browser tests will fail in CI and be skipped here" >&2
  fi
fi
