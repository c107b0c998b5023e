#!/usr/bin/env bash
# Builds Delve for the browser into web/dist, a folder any static file server can serve:
#   bash web/build.sh && python3 -m http.server -d web/dist 8080
# Installs what it needs: the wasm32 target and the wasm-bindgen CLI matching Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"
export PATH="$HOME/.cargo/bin:$PATH"

rustup target add wasm32-unknown-unknown >/dev/null

# The CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (found: ${have:-none})"
  # Without --locked: its own lock file pins a webpki-roots release the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$want"
fi

cargo build --locked --profile wasm-release --target wasm32-unknown-unknown --bin delve

out=web/dist
rm -rf "$out"
mkdir -p "$out/assets/tiles"
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$out" --out-name delve \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/delve.wasm"
cp web/index.html web/style.css web/loader.js "$out/"
cp assets/tiles/tileset.png "$out/assets/tiles/"

raw=$(stat -c %s "$out/delve_bg.wasm")
gz=$(gzip -9 -c "$out/delve_bg.wasm" | wc -c)
echo "web/dist ready: delve_bg.wasm is $raw bytes raw, $gz gzipped"
