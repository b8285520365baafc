"""Recording-load benchmark, Python side (see Benchmarks/recording_load.sh).

Times what a user would otherwise write: Python's sqlite3 module reading a recording's
`detections` and `depth_grids` tables into numpy arrays (one array per column; boxes as
an (N, 4) array; embeddings and grid samples as packed float32 matrices with row offsets).
Then prints the comparison with our timings (the JSON of `spatial-eval bench-load`, the
first file for the same two tables, further files for other scopes, e.g. every table).

Usage: recording_load.py RECORDING OURS.json [MORE.json ...] [--runs N]
"""
import argparse
import json
import sqlite3
import statistics
import time

import numpy as np

GRID_FLOAT_COLUMNS = ("u", "v", "lidar_depth", "inverse_depth", "gt_depth")
GRID_BYTE_COLUMNS = ("lidar_confidence", "in_mask")


def packed(blobs, dtype, counts):
    """Concatenates per-row blobs into one flat array; NULL rows become NaN runs."""
    parts = [b if b is not None else np.full(n, np.nan, dtype).tobytes() for b, n in zip(blobs, counts)]
    return np.frombuffer(b"".join(parts), dtype)


def load(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    rows = db.execute(
        "SELECT id, frame, label, score, x, y, w, h, embedding, track_id, instance_id "
        "FROM detections ORDER BY id").fetchall()
    ids, frames, labels, scores, xs, ys, ws, hs, embeddings, tracks, instances = zip(*rows)
    has_embedding = np.fromiter((e is not None for e in embeddings), bool, len(rows))
    detections = {
        "id": np.array(ids, np.int64),
        "frame": np.array(frames, np.int64),
        "label": np.array(labels, object),
        "score": np.array(scores, np.float64),
        "box": np.column_stack([np.array(c, np.float64) for c in (xs, ys, ws, hs)]),
        "has_embedding": has_embedding,
        "embedding": np.frombuffer(b"".join(e for e in embeddings if e is not None), "<f4"),
        "track_id": np.array([-1 if t is None else t for t in tracks], np.int64),
        "instance_id": np.array(instances, object),
    }
    columns = ("detection", "rows", "cols") + GRID_FLOAT_COLUMNS + GRID_BYTE_COLUMNS
    grid_rows = db.execute(f"SELECT {', '.join(columns)} FROM depth_grids ORDER BY detection").fetchall()
    by_column = dict(zip(columns, zip(*grid_rows)))
    counts = np.array(by_column["rows"], np.int64) * np.array(by_column["cols"], np.int64)
    grids = {"detection": np.array(by_column["detection"], np.int64),
             "offsets": np.concatenate([[0], np.cumsum(counts)])}
    for name in GRID_FLOAT_COLUMNS:
        grids[name] = packed(by_column[name], "<f4", counts)
    for name in GRID_BYTE_COLUMNS:
        grids[name] = packed(by_column[name], "u1", counts)
    db.close()
    return detections, grids


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("recording")
    parser.add_argument("ours", nargs="+", help="JSON printed by spatial-eval bench-load")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    seconds = []
    for _ in range(args.runs):
        start = time.perf_counter()
        detections, grids = load(args.recording)
        seconds.append(time.perf_counter() - start)
    ours = []
    for path in args.ours:
        with open(path) as f:
            ours.append(json.load(f))
    python_median = statistics.median(seconds)
    n_det, n_grid = len(detections["id"]), len(grids["detection"])
    for timing in ours:
        if (n_det, n_grid) != (timing["detections"], timing["depth_grids"]):
            raise SystemExit(f"row counts differ: python {n_det}/{n_grid}, "
                             f"ours {timing['detections']}/{timing['depth_grids']}")
    print(f"recording: {args.recording}: {n_det} detections "
          f"({int(detections['has_embedding'].sum())} with embeddings), {n_grid} depth grids")
    scopes = {"detections": "readDetectionsAndDepthGrids (detections, depth_grids)",
              "all": "RecordingStore.read (every table)"}
    rows = [(f"spatial-eval {scopes[t['tables']]}", t["median_s"], t["runs_s"]) for t in ours]
    rows.append(("Python sqlite3 + numpy (detections, depth_grids)", python_median, seconds))
    print(f"{'reader':<66} {'median s':>9}   runs (s)")
    for name, median, runs in rows:
        print(f"{name:<66} {median:>9.4f}   " + " ".join(f"{r:.4f}" for r in runs))
    for name, median, _ in rows[:-1]:
        print(f"ratio python / {name.split()[1]}: {python_median / median:.2f}x (goal >= 3x on the same tables)")

if __name__ == "__main__":
    main()
