#!/usr/bin/env bash
# Recording-load benchmark (issue 3, item 8): our reader vs Python's sqlite3 + numpy.
#
# Usage (from anywhere):  Benchmarks/recording_load.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, built if missing)
#   PYTHON        interpreter with numpy (default .venv-trackeval/bin/python when it has
#                 numpy, else a venv made in Benchmarks/work/venv with numpy from PyPI)
#   RUNS          timed reads per side (default 5)
#
# The recording is a 10-minute capture made once and kept between runs:
#   spatial-eval simulate --scenario walkaway-reapproach --seed 1 --duration 600
# into Benchmarks/work/walkaway-reapproach-600s.sqlite. The file is read once beforehand so
# both sides find it in the page cache. Each side times RUNS reads inside one process
# (start-up excluded):
#   ours:    spatial-eval bench-load FILE --runs RUNS --tables detections
#            (RecordingStore.readDetectionsAndDepthGrids: the same two tables, decoded into
#            Swift Detection and DepthGrid values), and, for information, --tables all
#            (RecordingStore.read: every table, including 18k frames and 89k gt boxes)
#   Python:  Benchmarks/recording_load.py  (sqlite3 reading detections and depth_grids
#            into numpy arrays, as a user would write it)
# and the medians and the ratios Python / ours are printed (goal: >= 3x on the same tables). Exit status non-zero if a step fails or
# the two sides read different row counts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="$ROOT/Benchmarks/work"
RUNS="${RUNS:-5}"
RECORDING="$WORK/walkaway-reapproach-600s.sqlite"
mkdir -p "$WORK"

source "$ROOT/Benchmarks/lib.sh"
bench_binary recording_load

if [[ -z "${PYTHON:-}" ]]; then
  if [[ -x .venv-trackeval/bin/python ]] && .venv-trackeval/bin/python -c "import numpy" 2>/dev/null; then
    PYTHON=.venv-trackeval/bin/python
  else
    PYTHON="$WORK/venv/bin/python"
    if ! { [[ -x "$PYTHON" ]] && "$PYTHON" -c "import numpy" 2>/dev/null; }; then
      echo "== making $WORK/venv with numpy"
      python3 -m venv "$WORK/venv"
      "$PYTHON" -m pip install -q numpy
    fi
  fi
fi

if [[ ! -f "$RECORDING" ]]; then
  echo "== simulating a 10-minute recording"
  "$SPATIAL_EVAL" simulate --scenario walkaway-reapproach --seed 1 --duration 600 --out "$RECORDING"
fi
cat "$RECORDING" >/dev/null

echo "== $(basename "$SPATIAL_EVAL") $("$SPATIAL_EVAL" --version | cut -d' ' -f2), $("$PYTHON" -c 'import sys, sqlite3, numpy; print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, numpy {numpy.__version__}")')"
echo "== $(du -h "$RECORDING" | cut -f1) recording, $RUNS runs per side"
for tables in detections all; do
  "$SPATIAL_EVAL" bench-load "$RECORDING" --runs "$RUNS" --tables "$tables" >"$WORK/recording_load_$tables.json"
done
"$PYTHON" Benchmarks/recording_load.py "$RECORDING" "$WORK/recording_load_detections.json" \
  "$WORK/recording_load_all.json" --runs "$RUNS"
