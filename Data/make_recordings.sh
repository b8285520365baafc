#!/usr/bin/env bash
# Regenerates the default simulated recordings in Data/recordings/ with the built binary.
#
# Usage (from anywhere):
#   Data/make_recordings.sh          write Data/recordings/*.sqlite
#   Data/make_recordings.sh --check  regenerate into a temporary folder and compare byte for
#                                    byte with the committed files (exit 1 on any difference)
#
# Environment: SPATIAL_EVAL = path of the binary (default .build/release/spatial-eval if it
# exists, else .build/debug/spatial-eval). Build first: swift build -c release --static-swift-stdlib --product spatial-eval.
# The simulator is deterministic: the same scenario, seed and duration give the same bytes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${SPATIAL_EVAL:-}"
if [[ -z "$BIN" ]]; then
    BIN="$ROOT/.build/release/spatial-eval"
    [[ -x "$BIN" ]] || BIN="$ROOT/.build/debug/spatial-eval"
fi
[[ -x "$BIN" ]] || { echo "error: no spatial-eval binary at $BIN; run swift build -c release --static-swift-stdlib --product spatial-eval" >&2; exit 1; }

# scenario seed duration-seconds
RECORDINGS=(
    "walkaway-reapproach 1 50"
    "twins-moved 1 40"
    "absence 1 30"
    "low-light 1 30"
    "multi-room 1 40"
)

OUT="$ROOT/Data/recordings"
if [[ "${1:-}" == "--check" ]]; then
    OUT="$(mktemp -d)"
    trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p "$OUT"

for entry in "${RECORDINGS[@]}"; do
    read -r scenario seed duration <<<"$entry"
    "$BIN" simulate --scenario "$scenario" --seed "$seed" --duration "$duration" --out "$OUT/$scenario.sqlite"
done

if [[ "${1:-}" == "--check" ]]; then
    status=0
    for entry in "${RECORDINGS[@]}"; do
        read -r scenario _ _ <<<"$entry"
        if cmp -s "$OUT/$scenario.sqlite" "$ROOT/Data/recordings/$scenario.sqlite"; then
            echo "identical: $scenario.sqlite"
        else
            echo "DIFFERENT: $scenario.sqlite" >&2
            status=1
        fi
    done
    exit $status
fi
