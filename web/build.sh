#!/usr/bin/env bash
# Builds the wasm package into web/www/pkg: the wrapper crate for wasm32-unknown-unknown
# (release), then wasm-bindgen's JavaScript glue for ES modules (`--target web`). No
# wasm-opt: nothing is downloaded. WASM_BINDGEN names the wasm-bindgen binary (default:
# the one tests/web/run.sh installed in ~/.cache/arimaa-web-tools, else the one on PATH);
# it must be the version of the wasm-bindgen crate in web/Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")"
WB_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
CACHED="${ARIMAA_WEB_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/arimaa-web-tools}/wasm-bindgen-$WB_VERSION/bin/wasm-bindgen"
if [ -z "${WASM_BINDGEN:-}" ]; then
    if [ -x "$CACHED" ]; then WASM_BINDGEN="$CACHED"; else WASM_BINDGEN=wasm-bindgen; fi
fi
cargo build --locked --release --target wasm32-unknown-unknown
rm -rf www/pkg
"$WASM_BINDGEN" --target web --no-typescript --out-dir www/pkg \
    target/wasm32-unknown-unknown/release/arimaa_web.wasm
echo "built web/www/pkg ($(du -k www/pkg/arimaa_web_bg.wasm | cut -f1) KiB of wasm)"
