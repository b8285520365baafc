"""Depth-fusion benchmark, Python side (issue 5, item 7): the app's fit written in numpy as
a user would write it, timed on the same grids spatial-eval bench-fusion fitted.

Usage: fusion_fit.py generate FILE.csv GRIDS SEED
       fusion_fit.py time FILE.csv OURS.json RUNS

`generate` writes GRIDS 16x16 grids of seeded random pairs (fit-depth's CSV format: depth,
inverse_depth, confidence, mask; 256 rows per grid; about 10 % outliers, a quarter of the
samples below high confidence, 15 % outside the mask). `time` reads the file, splits it into
grids once (not timed), fits every grid RUNS times with `app_fit` (filters, numpy lstsq on
[d 1], 2-sigma rejection, refit, median of 1/max(s d + t, 1/8); fewer than 8 pairs or a
refused guard fall back to the LiDAR median), checks that every box depth agrees with ours
to 1e-9 relative, and prints both medians and the ratio.
"""
import json
import sys
import time

import numpy as np


def generate(path, grids, seed):
    rng = np.random.default_rng(seed)
    n = 256
    with open(path, "w") as f:
        f.write("depth,inverse_depth,confidence,mask\n")
        for _ in range(grids):
            base = rng.uniform(0.5, 5.0)
            z = base + rng.normal(0, 0.05, n).cumsum() * 0.1
            z = np.clip(z, 0.2, 7.5)
            s, t = rng.uniform(0.5, 3.0), rng.uniform(-0.05, 0.05)
            inv = (1 / z - t) / s
            lidar = 1 / (1 / z + rng.normal(0, 2e-3, n))
            bad = rng.random(n) < 0.1
            lidar[bad] *= rng.uniform(1.2, 1.8, bad.sum())
            conf = np.where(rng.random(n) < 0.25, rng.integers(0, 2, n), 2)
            mask = (rng.random(n) < 0.85).astype(int)
            for k in range(n):
                f.write(f"{float(lidar[k])!r},{float(inv[k])!r},{int(conf[k])},{int(mask[k])}\n")


def app_fit(depth, inv, conf, mask):
    ok = (mask == 1) & (conf >= 2) & (depth >= 0.1) & (depth <= 8.0) & np.isfinite(inv)
    z, d = depth[ok], inv[ok]
    if len(z) < 8:
        return np.median(z) if len(z) else np.nan
    y = 1 / z

    def fit(keep):
        dk = d[keep]
        if np.var(dk) <= 1e-6 * (1 + np.mean(dk) ** 2):
            return None
        return np.linalg.lstsq(np.column_stack([dk, np.ones_like(dk)]), y[keep], rcond=None)[0]

    everything = np.ones(len(z), dtype=bool)
    first = fit(everything)
    if first is None:
        return np.median(z)
    r = y - (first[0] * d + first[1])
    keep = np.abs(r) <= 2 * np.sqrt(np.mean(r ** 2))
    if keep.sum() < 8:
        return np.median(z)
    second = fit(keep)
    if second is None:
        return np.median(z)
    return np.median(1 / np.maximum(second[0] * d[keep] + second[1], 0.125))


def main():
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    path, ours_path, runs = sys.argv[2], sys.argv[3], int(sys.argv[4])
    table = np.genfromtxt(path, delimiter=",", skip_header=1)
    grids = [(g[:, 0].copy(), g[:, 1].copy(), g[:, 2].astype(int), g[:, 3].astype(int)) for g in np.split(table, len(table) // 256)]
    ours = json.load(open(ours_path))
    seconds, depths = [], []
    for _ in range(runs):
        start = time.perf_counter()
        depths = [app_fit(*g) for g in grids]
        seconds.append(time.perf_counter() - start)
    ours_depths = [float("nan") if v == "NaN" else v for v in ours["depths"]]
    bad = [k for k, (a, b) in enumerate(zip(ours_depths, depths))
           if not (a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b)) or (np.isnan(a) and np.isnan(b)))]
    python_median = float(np.median(seconds))
    ours_median = ours["median_s"]
    print(f"grids: {len(grids)} (16x16), runs per side: {runs}")
    print(f"box depths agreeing to 1e-9: {len(grids) - len(bad)} of {len(grids)}")
    print(f"spatial-eval ({ours['variant']}): median {ours_median * 1e3:.3f} ms per pass = {len(grids) / ours_median:,.0f} fits/s "
          f"(runs: {', '.join(f'{s * 1e3:.3f}' for s in ours['runs_s'])} ms)")
    print(f"numpy {np.__version__}:                     median {python_median * 1e3:.3f} ms per pass = {len(grids) / python_median:,.0f} fits/s "
          f"(runs: {', '.join(f'{s * 1e3:.3f}' for s in seconds)} ms)")
    print(f"ratio (numpy / ours, medians): {python_median / ours_median:.1f}x  (goal >= 20x)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
