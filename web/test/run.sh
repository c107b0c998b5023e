#!/usr/bin/env bash
# Builds the browser version and runs its end-to-end test in headless Chromium.
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
DELVE_BIN="$CARGO_TARGET_DIR/debug/delve" node web/test/e2e.mjs
