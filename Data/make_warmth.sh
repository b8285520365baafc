#!/usr/bin/env bash
# Regenerates the bundled simulated warmth-finder trials in Data/warmth/ with the built binary
# (Docs/warmth.md#simulator): 5 sessions × 6 trials (2 target-absent per session), seed 1.
#
# Usage (from anywhere):
#   Data/make_warmth.sh          write Data/warmth/
#   Data/make_warmth.sh --check  regenerate into a temporary folder and compare byte for byte
#                                with the committed files (exit 1 on any difference)
#
# Environment: SPATIAL_EVAL = path of the binary (default .build/release/spatial-eval if it
# exists, else .build/debug/spatial-eval).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${SPATIAL_EVAL:-}"
if [[ -z "$BIN" ]]; then
    BIN="$ROOT/.build/release/spatial-eval"
    [[ -x "$BIN" ]] || BIN="$ROOT/.build/debug/spatial-eval"
fi
[[ -x "$BIN" ]] || { echo "error: no spatial-eval binary at $BIN; run swift build -c release --static-swift-stdlib --product spatial-eval" >&2; exit 1; }

OUT="$ROOT/Data/warmth"
if [[ "${1:-}" == "--check" ]]; then
    OUT="$(mktemp -d)"
    trap 'rm -rf "$OUT"' EXIT
else
    rm -rf "$OUT"
fi
"$BIN" warmth-simulate --out "$OUT" --seed 1 --sessions 5 --trials 6 --absent 2
if [[ "${1:-}" == "--check" ]]; then
    diff -r "$OUT" "$ROOT/Data/warmth" && echo "Data/warmth regenerates byte-identically"
fi
