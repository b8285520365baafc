#!/usr/bin/env bash
# Recorder overhead benchmark (issue 23): what SpatialEvalRecorder costs the app.
#
# Usage (from anywhere):  Benchmarks/recorder_overhead.sh [FRAMES]
# Environment:
#   RECORDER_BENCH  the benchmark binary (default .build/release/recorder-bench, built if missing)
#
# Builds and runs `recorder-bench` (Sources/recorder-bench, release), which in one process:
# 1. times, frame by frame, the caller-side cost of building a frame (pose + 10 detections)
#    and 2 decisions and handing them to the recorder while its writer runs (median and p99;
#    goal: median < 20 µs), and the cost of building the values alone;
# 2. times a naive logger on the caller's thread: JSONEncoder + FileHandle.write per frame,
#    and prints the ratio naive / recorder;
# 3. measures the writer's throughput with 20 detections per frame (the producer waits when
#    the 4096-entry queue refuses; goal >= 60 frames/s on the one writer thread), then a paced
#    real-time run at 60 frames/s for 5 s (goal: nothing dropped), and the peak resident memory.
# Exit status non-zero when a goal is missed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
FRAMES="${1:-20000}"
if [[ -z "${RECORDER_BENCH:-}" ]]; then
  RECORDER_BENCH=.build/release/recorder-bench
  swift build -c release --product recorder-bench > /dev/null
fi
WORK="$ROOT/Benchmarks/work/recorder"
rm -rf "$WORK"
mkdir -p "$WORK"
echo "== recorder overhead ($FRAMES frames, $(nproc) cores)"
"$RECORDER_BENCH" "$FRAMES" "$WORK/session" | tee "$WORK/figures.txt"
grep -q "goal median < 20 µs: met" "$WORK/figures.txt" || { echo "recorder_overhead: caller-side goal missed"; exit 1; }
grep -Eq "^paced .*dropped 0;" "$WORK/figures.txt" || { echo "recorder_overhead: the paced 60 frames/s run dropped frames"; exit 1; }
awk '/^writer throughput/ { if ($0 !~ / = [0-9.]+× the 60/) exit 1; split($0, a, " = "); split(a[2], b, "×"); if (b[1] + 0 < 1) exit 1 }' "$WORK/figures.txt" \
  || { echo "recorder_overhead: the writer does not keep up with 60 frames/s"; exit 1; }
