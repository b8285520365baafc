#!/usr/bin/env bash
# Build time of the release binary at one or more commits, measured the same way for each:
#   1. a clean `swift build -c release --product spatial-eval` in a fresh worktree (no .build);
#   2. an incremental rebuild after touching one report file (RunReport.swift, wherever the
#      commit keeps it), the edit a report change makes.
# Prints one row per commit: clean wall / CPU seconds and incremental wall / CPU seconds.
#
# Usage: Benchmarks/build_time.sh [REV ...]   (default: the commit before the module split, 58d596a, and HEAD)
# Each clean build takes minutes on 2 cores; run it on a quiet machine and quote what it prints.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/Benchmarks/lib.sh"
bench_gnu_time
REVS=("$@")
[[ ${#REVS[@]} -gt 0 ]] || REVS=(58d596a HEAD)
WORK="$ROOT/Benchmarks/work/build-time"
mkdir -p "$WORK"

# cpu_seconds FILE.time: user + system seconds from GNU time's report.
cpu_seconds() { awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$1"; }

rows=()
for rev in "${REVS[@]}"; do
  commit="$(git rev-parse --short "$rev")"
  tree="$WORK/tree-$commit"
  git worktree remove --force "$tree" 2> /dev/null || rm -rf "$tree"
  git worktree add -q --detach "$tree" "$commit"
  echo "== $rev ($commit): clean release build" >&2
  (cd "$tree" && timed "$WORK" "clean-$commit" swift build -c release --product spatial-eval)
  report="$(cd "$tree" && find Sources -name RunReport.swift | head -n 1)"
  touch "$tree/$report"
  echo "== $rev ($commit): rebuild after touching $report" >&2
  (cd "$tree" && timed "$WORK" "touch-$commit" swift build -c release --product spatial-eval)
  rows+=("$rev ($commit)|$(wall_seconds "$WORK/clean-$commit.time")|$(cpu_seconds "$WORK/clean-$commit.time")|$(wall_seconds "$WORK/touch-$commit.time")|$(cpu_seconds "$WORK/touch-$commit.time")|$report")
  git worktree remove --force "$tree"
done
echo "| commit | clean wall s | clean CPU s | after touching one report file: wall s | CPU s | file touched |"
echo "|---|---|---|---|---|---|"
for row in "${rows[@]}"; do echo "| ${row//|/ | } |"; done
