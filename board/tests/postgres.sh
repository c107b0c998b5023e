#!/usr/bin/env bash
# A throwaway PostgreSQL for the board's tests and benchmarks, on loopback only:
#   bash board/tests/postgres.sh install   Debian's postgresql, if no server is installed
#   bash board/tests/postgres.sh start     a cluster in $DELVE_PG_DIR (made once), started
#   bash board/tests/postgres.sh stop      stopped (its data kept: start brings it back)
#   bash board/tests/postgres.sh url       the URL to give DELVE_BOARD_POSTGRES
#   bash board/tests/postgres.sh remove    stopped and its folder deleted
# PostgreSQL will not run as root: as root, the cluster belongs to the `postgres` user the
# package makes. Logins are trusted on loopback (a test cluster, never a real one).
set -euo pipefail
PGDIR="${DELVE_PG_DIR:-/tmp/delve-board-pg}"
PORT="${DELVE_PG_PORT:-55432}"

bin() {
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  done
  return 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  install)
    if ! bin >/dev/null; then
      echo "installing postgresql"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    ;;
  start)
    B="$(bin)"
    if [ ! -f "$PGDIR/PG_VERSION" ]; then
      mkdir -p "$PGDIR"
      if [ "$(id -u)" = 0 ]; then chown postgres "$PGDIR"; fi
      as_owner "$B/initdb" -D "$PGDIR" -A trust -U delve --no-sync >/dev/null
    fi
    if ! as_owner "$B/pg_ctl" -D "$PGDIR" status >/dev/null 2>&1; then
      as_owner "$B/pg_ctl" -D "$PGDIR" -l "$PGDIR/server.log" -w -t 60 \
        -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on" start >/dev/null
    fi
    ;;
  stop)
    B="$(bin)"
    as_owner "$B/pg_ctl" -D "$PGDIR" -m fast -w stop >/dev/null
    ;;
  url)
    echo "postgres://delve@127.0.0.1:$PORT/postgres"
    ;;
  remove)
    B="$(bin)"
    as_owner "$B/pg_ctl" -D "$PGDIR" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PGDIR"
    ;;
  *)
    echo "usage: $0 install|start|stop|url|remove" >&2
    exit 2
    ;;
esac
