#!/usr/bin/env bash
# COCO box-scoring speed: spatial-eval score-det against pycocotools 2.0.11 and faster-coco-eval
# 1.8.0 (its C++ COCOeval, the one users pick for speed), each as a whole process.
#
# Usage (from anywhere):  Benchmarks/detection_eval.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, else .build/debug/spatial-eval)
#   IMAGES, CLASSES, PER_IMAGE, SEED   the generated set (default 5000, 80, 40, 0)
#   RUNS          repetitions per tool (default 5), alternating the tools
#
# Benchmarks/detection_eval.py generates Benchmarks/work/detection/<set>/{gt,dt}.json once
# (kept between runs); then each run times, as one whole process each,
#   ours:        spatial-eval score-det --gt gt.json --dt dt.json --format json
#                (the twelve numbers and the full precision/recall arrays)
#   pycocotools: COCO(gt), loadRes(dt), COCOeval bbox evaluate/accumulate/summarize
#   faster-coco-eval: the same calls with its COCO and COCOeval_faster
# each under GNU time -v (Benchmarks/lib.sh's timing loop, installing `time` when missing). The summary
# prints the median wall time and median peak RSS of each tool, each peer's ratios to ours, and
# checks that every run gave the same twelve numbers (ours equal to pycocotools', within 1e-12 of
# faster-coco-eval's, which sums in another order). Exit status non-zero on failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
IMAGES="${IMAGES:-5000}" CLASSES="${CLASSES:-80}" PER_IMAGE="${PER_IMAGE:-40}" SEED="${SEED:-0}" RUNS="${RUNS:-5}"
SET="$ROOT/Benchmarks/work/detection/${IMAGES}x${CLASSES}x${PER_IMAGE}-seed${SEED}"
RUNS_DIR="$ROOT/Benchmarks/work/detection/runs"
PY="$ROOT/.venv-coco/bin/python"

source "$ROOT/Benchmarks/lib.sh"
bench_binary detection_eval
Scripts/make-venv .venv-coco "pycocotools==2.0.11" "faster-coco-eval==1.8.0" "numpy==2.4.6"

if [[ ! -f "$SET/dt.json" ]]; then
  "$PY" Benchmarks/detection_eval.py generate "$SET" --images "$IMAGES" --classes "$CLASSES" --per-image "$PER_IMAGE" --seed "$SEED"
fi
rm -rf "$RUNS_DIR"
mkdir -p "$RUNS_DIR"

echo "== timing on $(basename "$SET") ($(du -h "$SET/dt.json" | cut -f1) of results), $RUNS runs each"
for run in $(seq 1 "$RUNS"); do
  timed "$RUNS_DIR" "ours-$run" "$SPATIAL_EVAL" score-det --gt "$SET/gt.json" --dt "$SET/dt.json" --format json
  for peer in pycocotools faster-coco-eval; do
    timed "$RUNS_DIR" "$peer-$run" "$PY" Benchmarks/detection_eval.py "$peer" "$SET/gt.json" "$SET/dt.json" "$RUNS_DIR/$peer-$run.json"
  done
done
"$PY" Benchmarks/detection_eval.py summarize "$RUNS_DIR" --runs "$RUNS"
