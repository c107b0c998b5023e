#!/usr/bin/env bash
# wasm-opt -Oz as the browser build runs it (web/build.sh; web/size-floor.sh --start, so that the
# floor is optimised exactly as Delve is):  bash web/opt.sh IN.wasm OUT.wasm
# After wasm-bindgen (binaryen 123 or newer: older releases break Bevy's modules), allowing
# exactly the features rustc's wasm32 target emits. Not --all-features: binaryen 132 then writes
# the new compact import section, which browsers reject ("Invalid import kind 127").
# Measured: 20.9 MB -> 17.5 MB, 4 to 7 minutes here. Needs web/node_modules (npm ci).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: bash web/opt.sh IN.wasm OUT.wasm" >&2; exit 2; }
# Two passes: the second takes what the first left reachable (30 KB, 6 KB with brotli, for 75 s
# more: measured on 15c030d, whose module had come to 4.002 MB with brotli against the budget of 4).
opt() {
  "$(dirname "$0")/node_modules/.bin/wasm-opt" -Oz \
    --enable-bulk-memory --enable-bulk-memory-opt --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue --enable-reference-types --enable-call-indirect-overlong \
    "$1" -o "$2"
}
opt "$1" "$2.first"
opt "$2.first" "$2"
rm -f "$2.first"
