#!/usr/bin/env bash
# The floor Bevy sets for a browser build with Delve's setup: an app that only adds Bevy's
# DefaultPlugins, built with the same profile and wasm-bindgen step as web/build.sh.
#   bash web/size-floor.sh            # its size, with Delve's Bevy feature list only
#   bash web/size-floor.sh --deps     # its size, with all of Delve's dependencies (their features too)
#   bash web/size-floor.sh --start [LOADS]
#       its start: the app with a 2D camera (one sample a pixel, as Delve's) and one text, built
#       with Delve's dependencies, wasm-opt'd as web/build.sh does, loaded LOADS times (default 7)
#       interleaved with Delve's page, each beside its module's own fetch, compile and instantiate
#       (web/test/floor.mjs; docs/browser.md has the figures). Needs web/dist (web/build.sh).
# It writes a throwaway crate in a temporary folder that shares Delve's Cargo.lock and target
# directory (so Bevy is rebuilt only when the feature set differs from the last build), and
# prints the .wasm size raw and gzipped. Run web/build.sh first (it installs wasm-bindgen).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/delve-target}"
export PATH="$HOME/.cargo/bin:$PATH"

deps=false
start=false
loads=7
case "${1:-}" in
  "") ;;
  --deps) deps=true ;;
  --start)
    deps=true
    start=true
    loads="${2:-7}"
    [[ "$loads" =~ ^[1-9][0-9]?$ ]] || { echo "size-floor.sh: LOADS must be a number from 1 to 99, not '$loads'" >&2; exit 2; }
    [ -f web/dist/delve_bg.wasm ] || { echo "size-floor.sh: no web/dist/delve_bg.wasm (run bash web/build.sh first)" >&2; exit 2; }
    ;;
  *) echo "usage: bash web/size-floor.sh [--deps | --start [LOADS]]" >&2; exit 2 ;;
esac

name=size_floor
$deps && name=size_floor_deps
$start && name=start_floor
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src"

# The [dependencies] table (or only its bevy entry), the wasm-only dependencies and the profile,
# copied from Delve's Cargo.toml so that the floor is built exactly as Delve is.
python3 - "$deps" "$name" > "$dir/Cargo.toml" <<'EOF'
import os, re, sys
deps, name = sys.argv[1] == "true", sys.argv[2]
toml = open("Cargo.toml").read()
def table(header):
    start = toml.index(header)
    rest = toml[start + len(header):]
    end = re.search(r"^\[", rest, re.M)
    return header + (rest[: end.start()] if end else rest)
dependencies = table("[dependencies]")
# Delve's own crates by their place here, not beside the throwaway crate.
dependencies = re.sub(r'path = "([^"/][^"]*)"', lambda m: f'path = "{os.path.abspath(m.group(1))}"', dependencies)
if not deps:
    bevy = re.search(r"^bevy = \{.*?\] \}\n", dependencies, re.S | re.M).group(0)
    dependencies = "[dependencies]\n" + bevy
print(f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\n')
print(dependencies)
print(table("[target.'cfg(target_arch = \"wasm32\")'.dependencies]"))
# The profile and its per-package settings (each a table of its own).
for header in re.findall(r"^\[profile\.wasm-release[^\]]*\]$", toml, re.M):
    print(table(header))
EOF
cat > "$dir/src/main.rs" <<'EOF'
//! An empty Bevy app: the size floor of a browser build.
use bevy::prelude::*;

fn main() {
    App::new().add_plugins(DefaultPlugins).run();
}
EOF
if $start; then
  cat > "$dir/src/main.rs" <<'EOF'
//! An empty Bevy app with a camera and one text: the start-up floor of a browser build. Marks
//! `<body data-t-main>`, `data-t-startup` and `data-t-drawn` (when the frame after the first
//! begins) as Delve's page does.
use bevy::prelude::*;

fn mark(name: &str) {
    let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("body").ok().flatten());
    if let Some(body) = body {
        let _ = body.set_attribute(&format!("data-t-{name}"), &js_sys::Date::now().to_string());
    }
}

fn main() {
    mark("main");
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                canvas: Some("#delve-canvas".into()),
                fit_canvas_to_parent: true,
                ..default()
            }),
            ..default()
        }))
        .add_systems(Startup, |mut commands: Commands| {
            mark("startup");
            commands.spawn((Camera2d, Msaa::Off));
            commands.spawn(Text::new("An empty Bevy app"));
        })
        .add_systems(First, |mut frames: Local<u32>| {
            *frames += 1;
            if *frames == 2 {
                mark("drawn");
            }
        })
        .run();
}
EOF
fi
cp Cargo.lock "$dir/"

(cd "$dir" && cargo build --offline --profile wasm-release --target wasm32-unknown-unknown)
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$dir/out" --out-name "$name" \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/$name.wasm"
raw=$(stat -c %s "$dir/out/${name}_bg.wasm")
gz=$(gzip -9 -c "$dir/out/${name}_bg.wasm" | wc -c)
echo "empty Bevy app ($($deps && echo "Delve's dependencies" || echo "Delve's Bevy features")): $raw bytes raw, $gz gzipped"

if $start; then
  out=web/dist-floor
  rm -rf "$out"
  mkdir -p "$out"
  bash web/opt.sh "$dir/out/${name}_bg.wasm" "$out/${name}_bg.wasm"
  cp "$dir/out/$name.js" web/module.js web/test/floor.html "$out/"
  node web/compress.mjs "$out"
  echo "the empty app after wasm-opt: $(stat -c %s "$out/${name}_bg.wasm") bytes, $(stat -c %s "$out/${name}_bg.wasm.br") with brotli"
  DELVE_LOADS="$loads" node web/test/floor.mjs
fi
