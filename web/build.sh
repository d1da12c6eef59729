#!/usr/bin/env bash
# Builds the wasm package into web/www/pkg: the wrapper crate for wasm32-unknown-unknown
# (release), then wasm-bindgen's JavaScript glue for ES modules (`--target web`). No
# wasm-opt: nothing is downloaded. WASM_BINDGEN names the wasm-bindgen binary (default:
# the one tests/web/run.sh installed in ~/.cache/arimaa-web-tools, else the one on PATH);
# it must be the version of the wasm-bindgen crate in web/Cargo.lock.
#
# The wasm file is wherever cargo says it put it (CARGO_TARGET_DIR, a cargo config, or
# web/target/): the script reads the path from cargo's JSON messages. A relative
# CARGO_TARGET_DIR is taken from the caller's directory, as cargo itself would.
set -euo pipefail
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    case "$CARGO_TARGET_DIR" in
        /*) ;;
        *) CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR" ;;
    esac
    export CARGO_TARGET_DIR
fi
cd "$(dirname "$0")"
WB_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
CACHED="${ARIMAA_WEB_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/arimaa-web-tools}/wasm-bindgen-$WB_VERSION/bin/wasm-bindgen"
if [ -z "${WASM_BINDGEN:-}" ]; then
    if [ -x "$CACHED" ]; then WASM_BINDGEN="$CACHED"; else WASM_BINDGEN=wasm-bindgen; fi
fi
# Diagnostics go to stderr as text; stdout carries one JSON message a line, among them
# the artifact of the wrapper with its file names (an rlib and the .wasm).
MESSAGES="$(cargo build --locked --release --target wasm32-unknown-unknown \
    --message-format=json-render-diagnostics)"
WASM="$(printf '%s\n' "$MESSAGES" | grep '"reason":"compiler-artifact"' \
    | sed -n 's/.*"filenames":\[[^]]*"\([^"]*\/arimaa_web\.wasm\)".*/\1/p' | tail -n 1)"
if [ -z "$WASM" ] || [ ! -f "$WASM" ]; then
    echo "web/build.sh: cargo reported no arimaa_web.wasm artifact" >&2
    exit 1
fi
rm -rf www/pkg
"$WASM_BINDGEN" --target web --no-typescript --out-dir www/pkg "$WASM"
echo "built web/www/pkg from $WASM ($(du -k www/pkg/arimaa_web_bg.wasm | cut -f1) KiB of wasm)"
