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

step() { printf '\n-- %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

step "the browser build (web/build.sh)"
bash web/build.sh
# The desktop game, the board the test submits to (delve-board --web web/dist), and the desktop
# side of "the same commands give the same game in the browser" (a script and its hash): built as
# the README's test command builds them, with the same features, so that after `cargo test
# --workspace --locked` (as .ci/run runs it first) nothing is built again. A `cargo build --bin
# delve` would resolve other features (no dev-dependencies, no board) and build Bevy a second time:
# 18.7 minutes on a fresh machine.
step "the desktop binaries, as the tests built them"
cargo test --workspace --locked --no-run
status=0
step "the end-to-end test (web/test/e2e.mjs)"
DELVE_BIN="$CARGO_TARGET_DIR/debug/delve" DELVE_BOARD_BIN="$CARGO_TARGET_DIR/debug/delve-board" DELVE_SCRIPT_HASH="$CARGO_TARGET_DIR/debug/examples/script_hash" \
  node web/test/e2e.mjs || status=1
# Phones and touch, offline and updates, screen-reader play, and the start-up ratios (issue 43).
step "phones, offline, screen readers, start-up (web/test/anywhere.mjs)"
node web/test/anywhere.mjs || status=1
step "done"
exit $status
