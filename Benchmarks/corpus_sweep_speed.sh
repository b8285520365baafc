#!/usr/bin/env bash
# Corpus-scale sweep throughput (issue 12): points × recordings per second of the staged sweep
# engine on recordings of the default simulated corpus, beside the same figure on the five
# bundled recordings (Benchmarks/sweep_speed.sh's setting).
#
# Usage (from anywhere):  Benchmarks/corpus_sweep_speed.sh
# Environment:
#   SPATIAL_EVAL  our binary (default .build/release/spatial-eval, built if missing)
#   RECORDINGS    corpus recordings to sweep (default 100: the first 100 of Protocols/corpus-default.json)
#   SWEEP         the sweep of Protocols/sweep-corpus.json to time (default object-permanence, 100 points)
#   RUNS          repetitions (default 3; medians are reported)
#
# 1. Generates (or reuses) the default corpus in .build/corpora/<spec hash>.
# 2. Writes a scratch protocol with the sweeps of Protocols/sweep-corpus.json over the first
#    RECORDINGS corpus recordings and one over the five bundled recordings, and runs
#    `spatial-eval bench-sweep` on each (staged engine, all cores, RUNS runs; the naive check on
#    2 points). Prints points/s and points × recordings/s from the medians.
# The whole shipped corpus sweep's wall time is measured by running
# `spatial-eval sweep Protocols/sweep-corpus.json` (Docs/benchmarks.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RECORDINGS="${RECORDINGS:-100}"
SWEEP="${SWEEP:-object-permanence}"
RUNS="${RUNS:-3}"
source "$ROOT/Benchmarks/lib.sh"
bench_binary corpus_sweep_speed
WORK="$ROOT/Benchmarks/work/corpus-sweep"
rm -rf "$WORK"
mkdir -p "$WORK"

echo "== corpus (Protocols/corpus-default.json)"
"$SPATIAL_EVAL" simulate-corpus Protocols/corpus-default.json > /dev/null 2> "$WORK/corpus.txt"
FOLDER="$(sed -n 's/^corpus: \(.*\) (corpus.json)$/\1/p' "$WORK/corpus.txt" | tail -n 1)"
[[ -d "$FOLDER" ]] || { echo "no corpus folder in: $(cat "$WORK/corpus.txt")" >&2; exit 1; }

python3 - "$ROOT" "$FOLDER" "$RECORDINGS" "$WORK" <<'PY'
import glob, json, os, sys
root, folder, count, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
base = json.load(open(os.path.join(root, "Protocols/sweep-corpus.json")))
files = sorted(glob.glob(os.path.join(os.path.abspath(folder), "c*.sqlite")))[:count]
bundled = json.load(open(os.path.join(root, "Protocols/sweep-object-permanence.json")))["recordings"]
for name, recordings in (("corpus", files), ("bundled", [os.path.join(root, "Protocols", r) for r in bundled])):
    spec = {k: v for k, v in base.items() if k != "corpus"}
    spec["name"] = f"bench-{name}"
    spec["recordings"] = [os.path.abspath(r) for r in recordings]
    json.dump(spec, open(os.path.join(work, f"{name}.json"), "w"), indent=1)
PY

for name in bundled corpus; do
  echo "== bench-sweep $SWEEP on the $name recordings ($RUNS runs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$SPATIAL_EVAL" bench-sweep "$WORK/$name.json" --sweep "$SWEEP" --runs "$RUNS" --naive-points 2 > "$WORK/$name-bench.json"
done

python3 - "$WORK/bundled-bench.json" "$WORK/corpus-bench.json" <<'PY'
import json, sys
ok = True
for label, path in (("bundled", sys.argv[1]), ("corpus", sys.argv[2])):
    b = json.load(open(path))
    rate = b["staged_points_per_s"]
    print(f"{label}: sweep {b['sweep']}, {b['points']} points x {b['recordings']} recordings; staged median {b['staged_median_s']:.3f} s "
          f"(runs {', '.join(f'{s:.3f}' for s in b['staged_runs_s'])}) -> {rate:.1f} points/s = {rate * b['recordings']:.0f} points x recordings/s; "
          f"naive check identical: {'yes' if b['identical'] else 'NO'}")
    ok = ok and b["identical"] == 1
sys.exit(0 if ok else 1)
PY
