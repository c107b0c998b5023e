#!/usr/bin/env bash
# Desktop launch to the first frame, Delve's title against an empty Bevy app (examples/
# first_frame.rs), interleaved, under Xvfb when there is no display. Prints each launch and the
# medians. Usage: bash bench/launch.sh [LOADS]   (7 by default; the dev profile, as `cargo run`)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"
loads=${1:-7}
cargo build --locked --example first_frame
bin="$CARGO_TARGET_DIR/debug/examples/first_frame"
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :93 -screen 0 1280x800x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  export DISPLAY=:93
  sleep 1
fi
dir=$(mktemp -d)
declare -a delve empty
for i in $(seq "$loads"); do
  for app in delve empty; do
    t0=$(date +%s%3N)
    if [ "$app" = delve ]; then t1=$("$bin" delve "$dir" 2>/dev/null | tail -1); else t1=$("$bin" empty 2>/dev/null | tail -1); fi
    ms=$((t1 - t0))
    echo "launch $i, $app: $ms ms"
    if [ "$app" = delve ]; then delve+=("$ms"); else empty+=("$ms"); fi
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
d=$(median "${delve[@]}"); e=$(median "${empty[@]}")
echo "median of $loads: Delve's title $d ms, an empty Bevy app $e ms, ratio $(awk -v d="$d" -v e="$e" 'BEGIN {printf "%.2f", d / e}')"
rm -rf "$dir"
