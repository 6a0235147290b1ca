#!/usr/bin/env bash
# Debian's Chromium for the browser tests (tests/web), sourced by test.sh: installed with apt when
# missing and we are root; otherwise says so (the browser tests then fail in CI, CI=true, and
# are skipped with that reason elsewhere). Quick when it is already there. Playwright drives this
# system Chromium (/usr/bin/chromium); it never downloads a browser.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "ora: installing Debian's chromium for the browser tests ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2 \
      || echo "ora: apt-get could not install chromium: the browser tests will fail" >&2
  else
    echo "ora: /usr/bin/chromium is missing and only root can install it" \
         "(apt-get install chromium): the browser tests will fail in CI and be skipped here" >&2
  fi
fi
