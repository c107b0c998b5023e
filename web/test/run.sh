#!/usr/bin/env bash
# Builds the browser version and runs its end-to-end tests in headless Chromium (web/test/e2e.mjs,
# web/test/anywhere.mjs).
# Installs what it needs: Debian's chromium (apt) and playwright-core (npm, web/package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"

if ! command -v chromium >/dev/null; then
  echo "installing chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd web && npm ci --no-audit --no-fund --loglevel=error)

bash web/build.sh
cargo build --locked --bin delve
# The board server the test submits to (delve-board --web web/dist).
cargo build --locked -p delve-board --bin delve-board
# The desktop side of "the same commands give the same game in the browser": a script and its hash.
cargo build --locked -p delve-core --example script_hash
status=0
DELVE_BIN="$CARGO_TARGET_DIR/debug/delve" DELVE_BOARD_BIN="$CARGO_TARGET_DIR/debug/delve-board" DELVE_SCRIPT_HASH="$CARGO_TARGET_DIR/debug/examples/script_hash" \
  node web/test/e2e.mjs || status=1
# Phones and touch, offline and updates, screen-reader play, and the start-up ratios (issue 43).
node web/test/anywhere.mjs || status=1
exit $status
