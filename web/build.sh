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
# The page's files, listed once (web/files.txt): copied here, digested into the build's name, and
# written into the service worker's list of what it keeps.
names=()
while read -r name from; do
  case "$name" in ''|'#'*) continue ;; esac
  names+=("$name")
  if [ -n "$from" ]; then cp "$from" "$out/$name"; fi
  [ -f "$out/$name" ] || { echo "build.sh: web/files.txt names $name, which the build did not make" >&2; exit 1; }
done < web/files.txt
# The build's name: a digest of what the page is made of. The service worker keeps its files under
# it (a new build, a new cache) and the page shows it (<meta name="delve-build">).
build=$(cd "$out" && cat "${names[@]}" | sha256sum | cut -c1-12)
sed -i "s/^const BUILD = \"dev\";/const BUILD = \"$build\";/" "$out/sw.js"
# (Not the worker itself: the browser fetches it anew to look for updates.)
listed=$(printf '"%s", ' "${names[@]}" | sed 's/"sw.js", //')
sed -i "s/^const FILES = \[\"\.\/\"\];.*/const FILES = [\".\/\", ${listed%, }];/" "$out/sw.js"
grep -q "^const FILES = \[\"./\", \"index.html\"" "$out/sw.js" \
  || { echo "build.sh: could not write the page's files into sw.js" >&2; exit 1; }
sed -i "s/<meta name=\"delve-build\" content=\"dev\">/<meta name=\"delve-build\" content=\"$build\">/" "$out/index.html"
grep -q "const BUILD = \"$build\";" "$out/sw.js" && grep -q "content=\"$build\"" "$out/index.html" \
  || { echo "build.sh: could not stamp the build $build into sw.js and index.html" >&2; exit 1; }
node web/compress.mjs "$out"

raw=$(stat -c %s "$out/delve_bg.wasm")
echo "web/dist ready (build $build): delve_bg.wasm is $raw bytes ($bound before wasm-opt), $(stat -c %s "$out/delve_bg.wasm.br") with brotli, $(stat -c %s "$out/delve_bg.wasm.gz") with gzip"
