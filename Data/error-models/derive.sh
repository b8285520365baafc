#!/usr/bin/env bash
# Derives the simulator's error models (Data/error-models/*.json and the generated table
# Sources/Simulation/ErrorModelTables.swift) from the reference data with derive.py.
#
# Usage (from anywhere; works as root with no stdin):
#   Data/error-models/derive.sh          write the files in place
#   Data/error-models/derive.sh --check  derive into a temporary folder and compare byte for byte
#                                        with the committed files (exit 1 on any difference)
# Environment: SPATIAL_EVAL_REFERENCE_DATA = the reference folder (default shared/data/reference
# beside the checkout). Exits 77 with the reason as its last line when it does not exist.
# Creates .venv-error-models (numpy, pinned) on first use.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DATA="${SPATIAL_EVAL_REFERENCE_DATA:-$ROOT/../shared/data/reference/}"
VENV="$ROOT/.venv-error-models"
PACKAGES="numpy==2.4.6"

if [[ ! -d "$DATA/evo_testdata" || ! -d "$DATA/priorda_samples" || ! -d "$DATA/promptda_example" || ! -d "$DATA/coco_val2014_100" || ! -d "$DATA/open3d_testdata" || ! -d "$DATA/ios_captures" || ! -d "$DATA/arexp" || ! -d "$DATA/spectacularai_two_sessions" ]]; then
  echo "error models: skipped: the reference data $DATA does not exist"
  exit 77
fi
if [[ ! -f "$VENV/.packages" || "$(cat "$VENV/.packages")" != "$PACKAGES" ]]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input $PACKAGES
  printf '%s' "$PACKAGES" > "$VENV/.packages"
fi

FILES=(pose-residuals.json depth-residuals.json lidar-edges.json silhouettes.json background-jumps.json lidar-confidence.json low-light-pose.json vio-drift.json)
SWIFT="Sources/Simulation/ErrorModelTables.swift"
if [[ "${1:-}" == "--check" ]]; then
  OUT="$(mktemp -d)"
  trap 'rm -rf "$OUT"' EXIT
  "$VENV/bin/python" "$ROOT/Data/error-models/derive.py" "$DATA" "$OUT" "$OUT/ErrorModelTables.swift"
  status=0
  for file in "${FILES[@]}"; do
    cmp -s "$OUT/$file" "$ROOT/Data/error-models/$file" && echo "identical: $file" || { echo "DIFFERENT: $file" >&2; status=1; }
  done
  cmp -s "$OUT/ErrorModelTables.swift" "$ROOT/$SWIFT" && echo "identical: $SWIFT" || { echo "DIFFERENT: $SWIFT" >&2; status=1; }
  exit $status
fi
"$VENV/bin/python" "$ROOT/Data/error-models/derive.py" "$DATA" "$ROOT/Data/error-models" "$ROOT/$SWIFT"
