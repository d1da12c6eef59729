#!/usr/bin/env bash
# Plays games between the crate's AEI engine (examples/aei/) and the reference random
# engine of the AEI tools (pyrimaa.simple_engine), refereed by the reference round-robin
# controller (pyrimaa.roundrobin), and fails on any illegal move, protocol error,
# engine error or timeout.
#
#   bash tests/aei/run_games.sh [GAMES]      # default 2 games, colours alternate
#
# Needs python3 with venv and pip, and a Rust toolchain. The AEI tools (PyPI package
# `aei`) are installed into a virtual environment under the cargo target directory (as
# cargo reports it: CARGO_TARGET_DIR, a cargo config, or target/).
# Environment: AEI_VENV (the venv to use or make), CARGO_TARGET_DIR (a relative one is
# taken from the caller's directory, as cargo itself would).
set -euo pipefail
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    case "$CARGO_TARGET_DIR" in
        /*) ;;
        *) CARGO_TARGET_DIR="$PWD/$CARGO_TARGET_DIR" ;;
    esac
    export CARGO_TARGET_DIR
fi
cd "$(dirname "$0")/../.."

games="${1:-2}"
target="$(cargo metadata --no-deps --format-version 1 | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[ -n "$target" ] || { echo "FAIL: cargo metadata gave no target_directory"; exit 1; }
venv="${AEI_VENV:-$target/aei-venv}"
aei_version="1.4.1"
# An absolute path: the controller runs from a scratch directory.
mkdir -p "$venv"
venv="$(cd "$venv" && pwd)"

if [ ! -x "$venv/bin/roundrobin" ]; then
    echo "== making a venv in $venv with aei==$aei_version"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "aei==$aei_version"
fi

echo "== building examples/aei"
# The engine is wherever cargo says it put it (its JSON messages name the executable).
engine="$(cargo build --quiet --release --example aei --message-format=json-render-diagnostics \
    | sed -n 's/.*"reason":"compiler-artifact".*"executable":"\([^"]*\/aei\)".*/\1/p' | tail -n 1)"
[ -x "$engine" ] || { echo "FAIL: cargo reported no executable for examples/aei"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python="$(cd "$venv/bin" && pwd)/python"

# Time control: 5 s a move, 30 s reserve, at most 200 turns. The crate's engine is told
# to think at most 1 s a move.
cat > "$work/roundrobin.cfg" <<CFG
[global]
rounds = $games
loglevel = INFO
timecontrol = 5s/30s/100/60s/200t
strict_setup = True
bots = crate random

[crate]
cmdline = $engine
bot_movetime = 1

[random]
cmdline = $python -m pyrimaa.simple_engine
CFG

echo "== playing $games game(s): roundrobin, crate engine vs pyrimaa.simple_engine"
status=0
(cd "$work" && timeout 1200 "$venv/bin/roundrobin" --config roundrobin.cfg) \
    > "$work/out.txt" 2> "$work/log.txt" || status=$?

# The results, the engine's errors and warnings, and anything the controller said
# went wrong.
grep -E "beat|has [0-9]+ wins|    [0-9]+ by" "$work/out.txt" || true
failed=0
if [ "$status" -ne 0 ]; then
    echo "FAIL: roundrobin exited with status $status"
    failed=1
fi
finished="$(grep -c " beat " "$work/out.txt" || true)"
if [ "$finished" -ne "$games" ]; then
    echo "FAIL: $finished of $games games finished"
    failed=1
fi
# Result codes: i = illegal move, t = timeout.
if grep -E "because of (i|t) " "$work/out.txt"; then
    echo "FAIL: a game ended by an illegal move or a timeout"
    failed=1
fi
if grep -iE "log: (error|warning)|Traceback|Exception|Illegal move played|did not respond" "$work/log.txt"; then
    echo "FAIL: an engine or the controller reported an error"
    failed=1
fi
if [ "$failed" -ne 0 ]; then
    echo "---- controller output"; cat "$work/out.txt"
    echo "---- controller log (last 60 lines)"; tail -n 60 "$work/log.txt"
    exit 1
fi
echo "aei-games: $games passed, 0 failed"
