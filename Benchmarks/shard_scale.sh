#!/usr/bin/env bash
# Sharding at the scales one machine allows (Docs/scale-out.md#sizing): the shipped sweep
# (Protocols/sweep-object-permanence.json, 2,090 points × 5 recordings) unsharded, then
# planned into N = 8, 64 and 256 blocks, every shard run with GNU parallel (2 jobs), and
# merged, round after round while the merge plans another (Docs/scale-out.md#rounds). Prints
# per N: the rounds, wall time of the shards, the slowest and median shard, shard file
# sizes, merge wall time and peak RSS (GNU time), and sweep.h5's size; checks every merged
# sweep.h5 against the unsharded one (Scripts/slurm-compare-h5).
# Usage: Benchmarks/shard_scale.sh [PROTOCOL]   (needs parallel, /usr/bin/time, .venv-h5py)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SE="${SPATIAL_EVAL:-$ROOT/.build/release/spatial-eval}"
PROTOCOL="${1:-Protocols/sweep-object-permanence.json}"
"$ROOT/Scripts/make-venv" .venv-h5py "h5py==3.16.0" > /dev/null
W="$(mktemp -d)"
trap 'rm -rf "$W"' EXIT
export OPENBLAS_NUM_THREADS=1
/usr/bin/time -f "%e s wall, %M KiB peak RSS" "$SE" sweep "$PROTOCOL" --out "$W/unsharded" > /dev/null 2> "$W/unsharded.log"
echo "unsharded sweep: $(tail -n 1 "$W/unsharded.log"); sweep.h5 $(stat -c %s "$W/unsharded/sweep.h5") bytes"
for n in ${SHARD_COUNTS:-8 64 256}; do
  d="$W/n$n"
  "$SE" plan-shards "$PROTOCOL" --shards "$n" --out "$d" > /dev/null 2>&1
  # A sweep whose grids widen runs in rounds (Docs/scale-out.md#rounds): every round's shards
  # with parallel, then its merge, until the merge writes sweep.h5.
  shards_s=0; merge_s=0; merge_kib=0; rounds=0; : > "$d/joblog"
  while true; do
    plan="$( (ls "$d"/plan-round-*.json 2> /dev/null || true) | sort | tail -n 1)"
    m="$(grep -o '"shards":[0-9]*' "${plan:-$d/plan.json}" | head -n 1 | cut -d: -f2)"
    start=$(date +%s%N)
    parallel --jobs 2 --joblog "$d/joblog.$rounds" "$SE" run-shard "$d" --shard {} ::: $(seq 0 $((m - 1))) > /dev/null 2>&1
    shards_s=$(( shards_s + ($(date +%s%N) - start) / 1000000 ))
    tail -n +2 "$d/joblog.$rounds" >> "$d/joblog"
    /usr/bin/time -f "%e %M" "$SE" merge-shards "$d" > "$d/merge.out" 2> "$d/merge.log"
    read -r s_round kib_round <<< "$(tail -n 1 "$d/merge.log")"
    merge_s="$(awk "BEGIN {print $merge_s + $s_round}")"; [ "$kib_round" -gt "$merge_kib" ] && merge_kib=$kib_round
    rounds=$((rounds + 1))
    grep -q '^next round: ' "$d/merge.out" || break
  done
  runtimes="$(awk '{print $4}' "$d/joblog" | sort -n)"
  median="$(echo "$runtimes" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
  slowest="$(echo "$runtimes" | tail -n 1)"
  sizes="$(find "$d/shards" -name '*.h5' -exec stat -c %s {} + | sort -n)"
  total="$(echo "$sizes" | awk '{s+=$1} END {print s}')"
  check="$("$ROOT/.venv-h5py/bin/python" Scripts/slurm-compare-h5 "$W/unsharded/sweep.h5" "$d/sweep.h5" | tail -n 1)"
  echo "N=$n: $rounds round(s); shards ${shards_s} ms wall (2 jobs), shard median ${median} s, slowest ${slowest} s;" \
    "shard files $(echo "$sizes" | head -n 1)–$(echo "$sizes" | tail -n 1) bytes, ${total} in all;" \
    "merges ${merge_s} s in all, ${merge_kib} KiB peak RSS; sweep.h5 $(stat -c %s "$d/sweep.h5") bytes; ${check}"
done
