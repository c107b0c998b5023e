#!/usr/bin/env bash
# Measures the smallest browser build Bevy allows with Delve's setup: an app that only adds
# Bevy's DefaultPlugins, built with the same profile and wasm-bindgen step as web/build.sh.
#   bash web/size-floor.sh            # Delve's Bevy feature list only
#   bash web/size-floor.sh --deps     # with all of Delve's dependencies (their features too)
# It writes a throwaway crate in a temporary folder that shares Delve's Cargo.lock and target
# directory (so Bevy is rebuilt only when the feature set differs from the last build), and
# prints the .wasm size raw and gzipped. Run web/build.sh first (it installs wasm-bindgen).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"
export PATH="$HOME/.cargo/bin:$PATH"

deps=false
case "${1:-}" in
  "") ;;
  --deps) deps=true ;;
  *) echo "usage: bash web/size-floor.sh [--deps]" >&2; exit 2 ;;
esac

name=size_floor
$deps && name=size_floor_deps
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src"

# The [dependencies] table (or only its bevy entry), the wasm-only dependencies and the profile,
# copied from Delve's Cargo.toml so that the floor is built exactly as Delve is.
python3 - "$deps" "$name" > "$dir/Cargo.toml" <<'EOF'
import re, sys
deps, name = sys.argv[1] == "true", sys.argv[2]
toml = open("Cargo.toml").read()
def table(header):
    start = toml.index(header)
    rest = toml[start + len(header):]
    end = re.search(r"^\[", rest, re.M)
    return header + (rest[: end.start()] if end else rest)
dependencies = table("[dependencies]")
if not deps:
    bevy = re.search(r"^bevy = \{.*?\] \}\n", dependencies, re.S | re.M).group(0)
    dependencies = "[dependencies]\n" + bevy
print(f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\n')
print(dependencies)
print(table("[target.'cfg(target_arch = \"wasm32\")'.dependencies]"))
print(table("[profile.wasm-release]"))
EOF
cat > "$dir/src/main.rs" <<'EOF'
//! An empty Bevy app: the size floor of a browser build.
use bevy::prelude::*;

fn main() {
    App::new().add_plugins(DefaultPlugins).run();
}
EOF
cp Cargo.lock "$dir/"

(cd "$dir" && cargo build --offline --profile wasm-release --target wasm32-unknown-unknown)
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$dir/out" --out-name "$name" \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/$name.wasm"
raw=$(stat -c %s "$dir/out/${name}_bg.wasm")
gz=$(gzip -9 -c "$dir/out/${name}_bg.wasm" | wc -c)
echo "empty Bevy app ($($deps && echo "Delve's dependencies" || echo "Delve's Bevy features")): $raw bytes raw, $gz gzipped"
