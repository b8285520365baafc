#!/usr/bin/env bash
# Depth-fusion benchmark (issue 5, item 7): fits per second of the app's variant
# (affine-inverse-2sigma) on 16x16 grids, spatial-eval against a numpy implementation of
# the same fit, on the same grids, in one run.
#
# Usage (from anywhere):  Benchmarks/fusion_fit.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, built if missing)
#   PYTHON        interpreter with numpy (default .venv-sklearn/bin/python)
#   GRIDS         number of grids (default 2000); RUNS timed passes per side (default 5)
#
# The grids are generated once (seeded) into Benchmarks/work/fusion-grids-GRIDS.csv. Each side
# reads and splits the file first (not timed), then times RUNS passes over every grid in one
# process: ours `spatial-eval bench-fusion`, Python Benchmarks/fusion_fit.py (numpy lstsq).
# Prints both medians and the ratio numpy / ours (goal >= 20x); exits non-zero when a step
# fails or a box depth differs by more than 1e-9 relative.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="$ROOT/Benchmarks/work"
GRIDS="${GRIDS:-2000}"
RUNS="${RUNS:-5}"
PYTHON="${PYTHON:-$ROOT/.venv-sklearn/bin/python}"
mkdir -p "$WORK"
source "$ROOT/Benchmarks/lib.sh"
bench_binary fusion_fit
GRID_FILE="$WORK/fusion-grids-$GRIDS.csv"
[[ -f "$GRID_FILE" ]] || "$PYTHON" Benchmarks/fusion_fit.py generate "$GRID_FILE" "$GRIDS" 20261201
echo "== $("$SPATIAL_EVAL" --version), $("$PYTHON" -c 'import sys, numpy; print(f"Python {sys.version.split()[0]}, numpy {numpy.__version__}")')"
"$SPATIAL_EVAL" bench-fusion --pairs "$GRID_FILE" --runs "$RUNS" > "$WORK/fusion_fit_ours.json"
"$PYTHON" Benchmarks/fusion_fit.py time "$GRID_FILE" "$WORK/fusion_fit_ours.json" "$RUNS"
