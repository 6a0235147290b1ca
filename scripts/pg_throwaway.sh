#!/usr/bin/env bash
# A throwaway PostgreSQL server for the store's PostgreSQL tests (tech-notes §1.12).
# `source scripts/pg_throwaway.sh` starts one on 127.0.0.1:$ORA_PG_PORT (default: a free port,
# so that two runs side by side do not meet) in a temporary directory, exports PERSISTENCE/POSTGRES_* and ORA_TEST_POSTGRES=1, and stops it when
# the calling shell exits. Without root or without the server package it prints why and returns
# 1, leaving the PostgreSQL tests skipped.
ora_pg_start() {
  local pgbin dir port="${ORA_PG_PORT:-}"
  if [ -z "$port" ]; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); '\
'print(s.getsockname()[1])')
  fi
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$pgbin" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "ora: installing the PostgreSQL server package ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) \
      >/dev/null 2>&1 || true
    pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  fi
  if [ -z "$pgbin" ] || [ "$(id -u)" != 0 ] || ! id postgres >/dev/null 2>&1; then
    echo "ora: no PostgreSQL server here; the PostgreSQL tests will be skipped" >&2
    return 1
  fi
  dir=$(mktemp -d)
  chown postgres: "$dir"
  su postgres -c "$pgbin/initdb -D $dir/data -U postgres -A trust -E UTF8 --no-sync" >/dev/null
  # max_connections: each test server keeps a pool of its own, and some tests run several
  su postgres -c "$pgbin/pg_ctl -D $dir/data -l $dir/log -w -o '-k $dir -h 127.0.0.1 -p $port \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300' start" >/dev/null
  su postgres -c "$pgbin/psql -h 127.0.0.1 -p $port -U postgres -qc 'CREATE DATABASE ora'"
  export ORA_TEST_POSTGRES=1 POSTGRES_DBNAME=ora POSTGRES_HOST=127.0.0.1 POSTGRES_PORT="$port" \
         POSTGRES_USER=postgres POSTGRES_PASSWORD=
  ORA_PG_STOP="su postgres -c '$pgbin/pg_ctl -D $dir/data -m fast stop' >/dev/null; rm -rf $dir"
  # For the test of a restart under load (tests/api/test_workers.py): down for two seconds, then
  # up again with the same options on the same port.
  cat > "$dir/restart.sh" <<EOF
su postgres -c "$pgbin/pg_ctl -D $dir/data -m fast -w stop" >/dev/null
sleep 2
su postgres -c "$pgbin/pg_ctl -D $dir/data -l $dir/log -w -o '-k $dir -h 127.0.0.1 -p $port \\
  -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300' start" >/dev/null
EOF
  export ORA_PG_RESTART="sh $dir/restart.sh"
  trap 'eval "$ORA_PG_STOP"' EXIT
  echo "ora: PostgreSQL test server on 127.0.0.1:$port" >&2
}
ora_pg_start
