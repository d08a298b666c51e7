#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL naming a PostgreSQL server on 127.0.0.1, so the
# PostgreSQL suite can never be skipped for want of a server:
# - the server answering on CI_POSTGRES_PORT (default 5432) when it lets `postgres` in without a
#   password;
# - else a private server started here (initdb into a temp folder, trust auth, on that port when
#   nothing listens there, else a free one), stopped and removed when the command ends.
# The PostgreSQL binaries are installed from Debian's `postgresql` package when missing (as root):
# the private server needs them, and so do the tests that start their own cluster (faults,
# scale-out, pg_dump/pg_restore).
set -euo pipefail
port="${CI_POSTGRES_PORT:-5432}"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [[ -z "$(pg_bin)" || ! -x "$(pg_bin)/initdb" ]] || ! command -v pg_isready >/dev/null; then
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "PostgreSQL binaries missing: run \`sudo apt-get update && sudo apt-get install -y postgresql\`" >&2
    exit 1
  fi
  echo "PostgreSQL binaries missing: installing Debian's postgresql package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
bin="$(pg_bin)"

answers() { pg_isready -q -h 127.0.0.1 -p "$1" && psql -h 127.0.0.1 -p "$1" -U postgres -Atc 'select 1' >/dev/null 2>&1; }
listens() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if answers "$port"; then
  echo "PostgreSQL answers on 127.0.0.1:$port: running there"
else
  if listens "$port"; then
    port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  fi
  dir="$(mktemp -d /tmp/ci-postgres.XXXXXX)"
  as_postgres() { if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  [[ "$(id -u)" == 0 ]] && chown postgres: "$dir"
  stop() {
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
  }
  trap stop EXIT
  echo "Nothing answers on 127.0.0.1:${CI_POSTGRES_PORT:-5432}: starting PostgreSQL ($bin) on 127.0.0.1:$port in $dir"
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  cat >>"$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 120 start >/dev/null
  answers "$port" || { cat "$dir/server.log" >&2; echo "the private PostgreSQL server does not answer" >&2; exit 1; }
fi

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
