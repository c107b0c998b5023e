#!/usr/bin/env bash
# Builds Delve for the browser into web/dist, a folder any static file server can serve:
#   bash web/build.sh && node web/serve.mjs        (then open http://127.0.0.1:8080/)
# Steps: cargo (wasm-release profile), wasm-bindgen, wasm-opt -Oz (binaryen from npm, pinned in
# web/package-lock.json), then precompressed .br and .gz copies (web/compress.mjs).
# Installs what it needs: the wasm32 target, the wasm-bindgen CLI matching Cargo.lock, and
# web/node_modules (npm ci).
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
  # --force: a missing or other binary is replaced even where cargo remembers installing it.
  cargo install --force wasm-bindgen-cli --version "$want"
fi

# binaryen's wasm-opt (and the test's playwright-core), exactly as web/package-lock.json pins them.
if [ ! -x web/node_modules/.bin/wasm-opt ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

cargo build --locked --profile wasm-release --target wasm32-unknown-unknown --bin delve

out=web/dist
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$out" --out-name delve \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/delve.wasm"
bound=$(stat -c %s "$out/delve_bg.wasm")
# -Oz (web/opt.sh says which features and why). (The tileset is built into the module.)
bash web/opt.sh "$out/delve_bg.wasm" "$out/delve_bg.opt.wasm"
mv "$out/delve_bg.opt.wasm" "$out/delve_bg.wasm"
cp web/index.html web/style.css web/loader.js web/module.js web/board.js web/touch.js web/offline.js web/sw.js \
  web/manifest.webmanifest web/icons/icon-192.png web/icons/icon-512.png "$out/"
# The build's name: a digest of what the page is made of. The service worker keeps its files under
# it (a new build, a new cache) and the page shows it (<meta name="delve-build">).
build=$(cd "$out" && cat delve_bg.wasm delve.js index.html style.css loader.js module.js board.js touch.js offline.js sw.js \
  manifest.webmanifest | sha256sum | cut -c1-12)
sed -i "s/^const BUILD = \"dev\";/const BUILD = \"$build\";/" "$out/sw.js"
sed -i "s/<meta name=\"delve-build\" content=\"dev\">/<meta name=\"delve-build\" content=\"$build\">/" "$out/index.html"
grep -q "const BUILD = \"$build\";" "$out/sw.js" && grep -q "content=\"$build\"" "$out/index.html" \
  || { echo "build.sh: could not stamp the build $build into sw.js and index.html" >&2; exit 1; }
node web/compress.mjs "$out"

raw=$(stat -c %s "$out/delve_bg.wasm")
echo "web/dist ready (build $build): delve_bg.wasm is $raw bytes ($bound before wasm-opt), $(stat -c %s "$out/delve_bg.wasm.br") with brotli, $(stat -c %s "$out/delve_bg.wasm.gz") with gzip"
