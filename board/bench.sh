#!/usr/bin/env bash
# The board's benchmarks against the real server on loopback (figures in docs/performance.md):
#   bash board/bench.sh sqlite      a fresh SQLite file
#   bash board/bench.sh postgres    a fresh database in the PostgreSQL of board/tests/postgres.sh
# Submissions by the load example (real runs, posted from 4 clients); reads by wrk (Debian's
# package, installed if missing), 2 threads and 16 connections for 10 s. The server, wrk and the
# clients share the machine's cores. Limits per address are off for the measurement.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"
kind="${1:-sqlite}"
ordinary="${ORDINARY:-60}"
day="${DAY:-10000}"

command -v wrk >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
cargo build --release --locked -p delve-board --bin delve-board --example load
bin="$CARGO_TARGET_DIR/release"
work="$(mktemp -d)"
case "$kind" in
  sqlite) db="sqlite://$work/board.sqlite3" ;;
  postgres)
    bash board/tests/postgres.sh install
    bash board/tests/postgres.sh start
    admin="$(bash board/tests/postgres.sh url)"
    psql "$admin" -qc "DROP DATABASE IF EXISTS delve_board_bench WITH (FORCE)" -c "CREATE DATABASE delve_board_bench"
    db="${admin%/*}/delve_board_bench"
    ;;
  *) echo "usage: $0 sqlite|postgres" >&2; exit 2 ;;
esac

"$bin/delve-board" --listen 127.0.0.1:0 --database "$db" --submits-per-minute 0 --reads-per-minute 0 --judge-seconds-per-minute 0 \
  --connections 16 >"$work/out" 2>"$work/log" &
board=$!
trap 'kill $board 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
url="http://$(sed 's/listening on //' "$work/out")"
today="$(date -u +%F)"
echo "== $kind: $url"

echo "-- $ordinary ordinary submissions (bot runs of today's daily to their end)"
"$bin/examples/load" "$url" ordinary "$ordinary" 4
echo "-- reads of today's board ($(curl -s "$url/api/daily/$today?limit=100" | grep -o '"rank"' | wc -l) entries a read)"
wrk -t2 -c16 -d10s "$url/api/daily/$today" | grep -E "Requests/sec|Latency|Non-2xx"
echo "-- a day of $day submissions (short runs of seed 251, each by its own name)"
"$bin/examples/load" "$url" day "$day" 4
echo "-- reads of that board, $day names on it (the best 100 a read)"
wrk -t2 -c16 -d10s "$url/api/seeds/251" | grep -E "Requests/sec|Latency|Non-2xx"
echo "-- the board's page of it"
wrk -t2 -c16 -d10s "$url/board/seed/251" | grep -E "Requests/sec|Latency|Non-2xx"
case "$kind" in
  sqlite) echo "-- database: $(du -cb "$work"/board.sqlite3* | tail -1 | cut -f1) bytes (file and write-ahead log)" ;;
  postgres) echo "-- database: $(psql "$admin" -tAc "SELECT pg_database_size('delve_board_bench')") bytes" ;;
esac
