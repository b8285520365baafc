#!/usr/bin/env bash
# Tracking-metric speed benchmark: spatial-eval score-mot vs TrackEval 1.3.0 (whole process).
#
# Usage (from anywhere):  Benchmarks/run_tracking.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, else .build/debug/spatial-eval)
#   SIZES         comma-separated FRAMESxOBJECTS (default 500x20,2000x50,5000x100)
#   RUNS          repetitions per size and tool (default 3)
#
# For each size: the seeded generator (Benchmarks/generate_pairs.py, seed 0, Docs/spec.md#metric-generator) writes
# Benchmarks/work/data/<size>/ once (kept between runs); then each tool runs RUNS times under
# /usr/bin/time -v (installed with apt-get if missing):
#   ours:      spatial-eval score-mot --benchmark <set>/gt --tracker <set>/tracker --format json
#   TrackEval: Conformance/run_trackeval.py (MotChallenge2DBox MOT15, HOTA+CLEAR+Identity,
#              single core, no output files), as one whole Python process.
# Benchmarks/summarize.py prints: size, tool, median wall s, median peak RSS MiB and the
# ratios TrackEval/ours, checks every tool gave identical results across its runs, and runs
# Conformance/compare.py on ours vs TrackEval. Exit status non-zero if any check fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WORK="$ROOT/Benchmarks/work"
SIZES="${SIZES:-500x20,2000x50,5000x100}"
RUNS="${RUNS:-3}"
TE_PY="$ROOT/.venv-trackeval/bin/python"

source "$ROOT/Benchmarks/lib.sh"
bench_binary run_tracking
bench_gnu_time
Scripts/conformance --setup-only

rm -rf "$WORK/runs"
mkdir -p "$WORK/data" "$WORK/runs"
IFS=',' read -r -a SIZE_LIST <<<"$SIZES"
for size in "${SIZE_LIST[@]}"; do
  if [[ ! -f "$WORK/data/$size/params.json" ]]; then
    echo "== generating $size"
    "$TE_PY" Benchmarks/generate_pairs.py "$WORK/data" --sizes "$size"
  fi
done

for size in "${SIZE_LIST[@]}"; do
  set_dir="$WORK/data/$size"
  for run in $(seq 1 "$RUNS"); do
    echo "== $size run $run/$RUNS"
    timed "$WORK/runs" "ours-$size-$run" "$SPATIAL_EVAL" score-mot --benchmark "$set_dir/gt" \
      --tracker "$set_dir/tracker" --format json
    timed "$WORK/runs" "trackeval-$size-$run" "$TE_PY" Conformance/run_trackeval.py "$WORK/runs/trackeval-$size-$run" "$set_dir"
  done
done

python3 Benchmarks/summarize.py "$WORK/runs" --sizes "$SIZES" --runs "$RUNS"
