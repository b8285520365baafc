#!/usr/bin/env bash
# Sweep speed benchmark (issue 6): the staged sweep engine against re-running the whole
# pipeline per point, in one run, and the wall time of the shipped default sweep.
#
# Usage (from anywhere):  Benchmarks/sweep_speed.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, built if missing)
#   PROTOCOL      protocol file (default Protocols/sweep-object-permanence.json)
#   SWEEP         the sweep to time (default object-permanence: farCosine × nearRadius × rangePerSize, 1200 points)
#   RUNS          repetitions (default 3)
#
# 1. `spatial-eval bench-sweep` loads the recordings once, then RUNS times times the whole
#    sweep with the staged engine and its first 64 points naively (SpatialReplay.run +
#    metrics per point and recording), both on all cores, and checks the naive results equal
#    the staged ones. Prints points/s of each from the medians and their ratio (goal >= 10x).
# 2. Runs the whole `spatial-eval sweep PROTOCOL` (every sweep, sweep.h5 and the report) RUNS
#    times into a scratch folder; prints the median wall time (goal <= 60 s for the default
#    sweep of >= 1000 points over the default recordings on 2 cores).
# Exit status non-zero when the results differ or a goal is missed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PROTOCOL="${PROTOCOL:-Protocols/sweep-object-permanence.json}"
SWEEP="${SWEEP:-object-permanence}"
RUNS="${RUNS:-3}"
source "$ROOT/Benchmarks/lib.sh"
bench_binary sweep_speed
WORK="$ROOT/Benchmarks/work/sweep"
rm -rf "$WORK"
mkdir -p "$WORK"

echo "== staged vs naive ($SWEEP, $RUNS runs, $(nproc) cores)"
"$SPATIAL_EVAL" bench-sweep "$PROTOCOL" --sweep "$SWEEP" --runs "$RUNS" > "$WORK/bench.json"

echo "== whole sweep command ($RUNS runs)"
walls=()
for run in $(seq 1 "$RUNS"); do
  timed "$WORK" "sweep-$run" "$SPATIAL_EVAL" sweep "$PROTOCOL" --out "$WORK/out-$run"
  walls+=("$(wall_seconds "$WORK/sweep-$run.time")")
done

python3 - "$WORK/bench.json" "${walls[@]}" <<'PY'
import json, statistics, sys
bench = json.load(open(sys.argv[1]))
walls = [float(w) for w in sys.argv[2:]]
wall = statistics.median(walls)
print(f"sweep {bench['sweep']}: {bench['points']} points x {bench['recordings']} recordings")
print(f"staged: median {bench['staged_median_s']:.3f} s  -> {bench['staged_points_per_s']:.1f} points/s  (runs {', '.join(f'{s:.3f}' for s in bench['staged_runs_s'])})")
print(f"naive:  median {bench['naive_median_s']:.3f} s for {bench['naive_points']} points -> {bench['naive_points_per_s']:.1f} points/s  (runs {', '.join(f'{s:.3f}' for s in bench['naive_runs_s'])})")
print(f"ratio staged/naive (medians): {bench['ratio']:.1f}x  (goal >= 10x); results identical: {'yes' if bench['identical'] else 'NO'}")
print(f"whole sweep command: median wall {wall:.2f} s (runs {', '.join(f'{w:.2f}' for w in walls)}; goal <= 60 s)")
ok = bench["identical"] == 1 and bench["ratio"] >= 10 and wall <= 60
print("PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
