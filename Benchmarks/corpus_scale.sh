#!/usr/bin/env bash
# How the corpus sweep scales with the corpus (issue 44): peak RSS (whole process, GNU time -v),
# wall time and sweep.h5's size of `spatial-eval sweep` with the object-permanence rule of
# Protocols/sweep-corpus.json (its 1,200-point grid, widening included; 200 resamples) over the
# first N recordings of the default corpus, for N in SIZES, with the binary under test and, when
# BEFORE is set, with an earlier binary on BEFORE_SIZES, runs alternating between the two. Prints
# a table of medians and the per-recording slope of peak RSS, wall time and sweep.h5 (least
# squares over the sizes), and checks that both binaries wrote the same report at every size.
#
# Not a test, and not run by Scripts/test or CI: the 4,000-recording corpus takes about 13 GB of
# disk (3.3 MB per recording) and 12 minutes to generate on 2 cores; each sweep.h5 of the earlier
# layout takes about 2 MB per recording while a run lasts (removed after each run).
#
# Usage (from anywhere):  Benchmarks/corpus_scale.sh
# Environment:
#   SPATIAL_EVAL   binary under test (default .build/release/spatial-eval, built if missing)
#   BEFORE         the binary to compare with (optional), e.g. a release build of an earlier commit
#   SIZES          recordings per sweep (default "100 400 1000 4000")
#   BEFORE_SIZES   sizes for BEFORE (default "100 400 1000": 4,000 would need about 24 GB)
#   RUNS           runs per size and binary (default 3; medians are reported over every run kept
#                  in WORK/runs, so a second invocation with other SIZES adds to the same table)
#   CORPUS_COUNT   recordings in the corpus (default: the largest size; its first N are the N
#                  of a smaller run, so one corpus of 4,000 serves every size)
#   CORPUS         the corpus folder (default Benchmarks/work/corpus-scale/corpus-<CORPUS_COUNT>)
#   WORK           scratch folder (default Benchmarks/work/corpus-scale)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SIZES="${SIZES:-100 400 1000 4000}"
BEFORE_SIZES="${BEFORE_SIZES:-100 400 1000}"
RUNS="${RUNS:-3}"
WORK="${WORK:-$ROOT/Benchmarks/work/corpus-scale}"
source "$ROOT/Benchmarks/lib.sh"
bench_binary corpus_scale
bench_gnu_time
LARGEST="${CORPUS_COUNT:-$(printf '%s\n' $SIZES ${BEFORE:+$BEFORE_SIZES} | sort -n | tail -n 1)}"
CORPUS="${CORPUS:-$WORK/corpus-$LARGEST}"
mkdir -p "$WORK/runs"

echo "== disk: $(df -h "$WORK" | tail -n 1 | awk '{print $4 " free on " $6}'); the corpus needs about $((LARGEST * 33 / 10000)) GB"
python3 - "$ROOT" "$WORK/corpus-$LARGEST.json" "$LARGEST" <<'PY'
import json, sys
root, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
spec = json.load(open(f"{root}/Protocols/corpus-default.json"))
# Recording k is drawn from (seed, k) alone: the first N of this corpus are the default corpus's
# first N (and the 400-recording default corpus itself). No variants: the sweep reads a list.
spec.update(name=f"corpus-scale-{count}", count=count)
spec.pop("variants", None)
json.dump(spec, open(out, "w"), indent=1)
PY
echo "== corpus of $LARGEST recordings in $CORPUS (generated when missing)"
"$SPATIAL_EVAL" simulate-corpus "$WORK/corpus-$LARGEST.json" --out "$CORPUS" > "$WORK/corpus.txt" 2> "$WORK/corpus.err" \
  || { cat "$WORK/corpus.err" >&2; exit 1; }

python3 - "$ROOT" "$CORPUS" "$WORK" $SIZES ${BEFORE:+$BEFORE_SIZES} <<'PY'
import json, os, sys
root, corpus, work, sizes = sys.argv[1], sys.argv[2], sys.argv[3], sorted(set(map(int, sys.argv[4:])))
base = json.load(open(f"{root}/Protocols/sweep-corpus.json"))
files = sorted(f for f in os.listdir(corpus) if f.endswith(".sqlite"))
for n in sizes:
    assert len(files) >= n, f"{corpus} holds {len(files)} recordings, fewer than {n}"
    spec = {k: v for k, v in base.items() if k != "corpus"}
    spec["name"] = f"corpus-scale-{n}"
    spec["recordings"] = [os.path.abspath(os.path.join(corpus, f)) for f in files[:n]]
    spec["sweeps"] = [s for s in base["sweeps"] if s["name"] == "object-permanence"]
    json.dump(spec, open(f"{work}/sweep-{n}.json", "w"), indent=1)
PY

# run TAG BINARY N K: one sweep of N recordings; keeps GNU time's report, sweep.h5's size and
# the report, and removes the output folder (sweep.h5 is gigabytes at the larger sizes).
run() {
  local tag="$1" binary="$2" n="$3" k="$4" name="$1-$3-$4"
  echo "   $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
  timed "$WORK/runs" "$name" "$binary" sweep "$WORK/sweep-$n.json" --out "$WORK/runs/$name.dir"
  stat -c %s "$WORK/runs/$name.dir/sweep.h5" > "$WORK/runs/$name.h5size"
  cp "$WORK/runs/$name.dir/report.md" "$WORK/runs/$name.report.md"
  rm -rf "$WORK/runs/$name.dir"
}

for n in $SIZES; do
  first=$(( $(ls "$WORK/runs" | grep -c "^after-$n-[0-9]*\.time$" || true) + 1 ))
  for k in $(seq "$first" $((first + RUNS - 1))); do
    echo "== $n recordings, run $k"
    if [[ -n "${BEFORE:-}" && " $BEFORE_SIZES " == *" $n "* ]]; then run before "$BEFORE" "$n" "$k"; fi
    run after "$SPATIAL_EVAL" "$n" "$k"
  done
done

sizes="$(ls "$WORK/runs" | sed -n 's/^after-\([0-9]*\)-[0-9]*\.time$/\1/p' | sort -n -u | paste -s -d,)"
before="$(ls "$WORK/runs" | sed -n 's/^before-\([0-9]*\)-[0-9]*\.time$/\1/p' | sort -n -u | paste -s -d,)"
python3 "$ROOT/Benchmarks/corpus_scale.py" "$WORK/runs" --sizes "$sizes" ${before:+--before-sizes "$before"}
