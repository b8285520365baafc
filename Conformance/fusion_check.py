"""Conformance of spatial-eval's depth-fusion fits, depth metrics and Wilcoxon test with
numpy, scipy 1.17 and scikit-learn 1.9 (Conformance/fusion_reference.py).

Usage: fusion_check.py SPATIAL_EVAL PRIORDA_DIR WORK_DIR

Cases: the real frame priorda_samples/sample-1 (ground truth gt_depth.png in mm as the
metric depth, 1/geo_depth.npy as the relative inverse depth; every pixel, and a 16x16
subsample as the app would see it) and seeded random pairs (clean, noisy, with outliers,
with confidence and mask columns, small). For each case `spatial-eval fit-depth --variant
all --format json` is compared with the references: scale, shift, box depth, inlier count,
condition number and the ten depth metrics to 1e-9 relative (RANSAC: scale and shift
within 2 %, box depth within 1 %, inlier count within 2 % of the pairs, since its random
streams differ). Wilcoxon: `spatial-eval paired-test` against scipy.stats.wilcoxon(a, b)
on seeded samples that exercise the exact, permutation and normal-approximation paths
(statistic and p-value to 1e-9 relative). Resolution agreement: `spatial-eval agree-depth`
against numpy.corrcoef and the mean absolute % difference in numpy, on sample-1 against a
half-resolution version of itself (2x2 block means) and on seeded pairs.
Prints one line per case and `fusion conformance: N values compared, D differed`; exits 1
on any difference or failure.
"""
import json
import os
import subprocess
import sys

import numpy as np
from scipy import stats

import fusion_reference as ref

compared = 0
differed = 0


def agree(a, b, rel=1e-9):
    if a is None or b is None:
        return a is None and b is None
    a, b = float(a), float(b)
    if np.isnan(a) or np.isnan(b):
        return np.isnan(a) and np.isnan(b)
    if np.isinf(a) or np.isinf(b):
        return a == b
    return a == b or abs(a - b) <= rel * max(abs(a), abs(b)) or abs(a - b) <= 1e-12


def check(case, name, ours, theirs, rel=1e-9):
    global compared, differed
    compared += 1
    if not agree(ours, theirs, rel):
        differed += 1
        print(f"  DIFF {case} {name}: ours {ours!r} reference {theirs!r}")


def number(value):
    return float("nan") if value == "NaN" else float(value)


def write_pairs(path, depth, inv, conf=None, mask=None):
    columns = ["depth", "inverse_depth"] + (["confidence"] if conf is not None else []) + (["mask"] if mask is not None else [])
    with open(path, "w") as f:
        f.write(",".join(columns) + "\n")
        for k in range(len(depth)):
            row = [repr(float(depth[k])), repr(float(inv[k]))]
            if conf is not None:
                row.append(str(int(conf[k])))
            if mask is not None:
                row.append(str(int(mask[k])))
            f.write(",".join(row) + "\n")


def fit_case(tool, work, case, depth, inv, conf=None, mask=None):
    path = os.path.join(work, f"{case}.csv")
    write_pairs(path, depth, inv, conf, mask)
    out = subprocess.run([tool, "fit-depth", "--pairs", path, "--variant", "all", "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    ours = {fit["variant"]: fit for fit in json.loads(out)["fits"]}
    conf_ref = np.full(len(depth), 2) if conf is None else np.asarray(conf)
    mask_ref = np.ones(len(depth), dtype=int) if mask is None else np.asarray(mask)
    theirs = ref.reference_fits(np.asarray(depth, dtype=float), np.asarray(inv, dtype=float), conf_ref, mask_ref)
    before = (compared, differed)
    for variant, expected in theirs.items():
        got = ours[variant]
        label = f"{case}/{variant}"
        if got["fallback"]:
            check(label, "fallback", got["fallback"], "")
            continue
        if expected["tolerance"] == "sampling":
            pairs = got["pairs"]
            check(label, "scale", number(got["scale"]), expected["scale"], 2e-2)
            spread = abs(expected["scale"]) * expected["x_scale"]
            check(label, "shift / (scale * mean d)", abs(number(got["shift"]) - expected["shift"]) / spread <= 2e-2, True)
            check(label, "depth", number(got["depth"]), expected["depth"], 1e-2)
            check(label, "inliers/pairs", got["inliers"] / pairs, expected["inliers"] / pairs, 2e-2)
            continue
        check(label, "depth", number(got["depth"]), expected["depth"])
        if variant == "lidar-median":
            continue
        check(label, "scale", number(got["scale"]), expected["scale"])
        check(label, "shift", number(got["shift"]), expected["shift"])
        check(label, "inliers", got["inliers"], expected["inliers"])
        if expected["condition"] is not None:
            check(label, "condition", number(got["condition"]), expected["condition"])
        for key, value in expected["metrics"].items():
            check(label, key, number(got["metrics"][key]), value)
        if "scipy" in expected:
            sp = expected["scipy"]
            check(label, "scale vs scipy least_squares(loss='huber')", number(got["scale"]), sp["scale"], 1e-6)
            check(label, "shift vs scipy, relative to scale * mean d",
                  abs(number(got["shift"]) - sp["shift"]) / (abs(sp["scale"]) * sp["x_scale"]) <= 1e-6, True)
            ours_objective = ref.huber_objective(*huber_inputs(depth, inv, conf_ref, mask_ref),
                                                 number(got["scale"]), number(got["shift"]), 0.01)
            check(label, "Huber objective not above scipy's", ours_objective <= sp["objective"] * (1 + 1e-12), True)
    print(f"{case}: {compared - before[0]} values, {differed - before[1]} differed")


def huber_inputs(depth, inv, conf, mask):
    z, d, _ = ref.filtered(np.asarray(depth, dtype=float), np.asarray(inv, dtype=float), conf, mask)
    return d, 1 / z


def wilcoxon_case(tool, work, case, a, b):
    out = run_on_columns(tool, work, case, "paired-test", ("a", "b"), a, b)
    expected = stats.wilcoxon(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
    before = (compared, differed)
    check(case, "statistic", number(out["wilcoxon"]["statistic"]), expected.statistic)
    check(case, "pvalue", number(out["wilcoxon"]["pvalue"]), expected.pvalue)
    diff = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    check(case, "mean_difference", number(out["mean_difference"]["estimate"]), np.mean(diff))
    check(case, "median_difference", number(out["median_difference"]["estimate"]), np.median(diff))
    print(f"{case} ({out['wilcoxon']['method']}): {compared - before[0]} values, {differed - before[1]} differed")


def run_on_columns(tool, work, case, command, names, x, y):
    """Writes two named columns to WORK/CASE.csv and returns `spatial-eval COMMAND --pairs` JSON."""
    path = os.path.join(work, f"{case}.csv")
    with open(path, "w") as f:
        f.write(",".join(names) + "\n")
        for a, b in zip(x, y):
            f.write(f"{float(a)!r},{float(b)!r}\n")
    return json.loads(subprocess.run([tool, command, "--pairs", path, "--format", "json"],
                                     check=True, capture_output=True, text=True).stdout)


def agreement_case(tool, work, case, low, high):
    out = run_on_columns(tool, work, case, "agree-depth", ("low", "high"), low, high)
    ok = np.isfinite(low) & np.isfinite(high) & (high != 0)
    a, b = low[ok], high[ok]
    before = (compared, differed)
    check(case, "n", out["n"], int(ok.sum()))
    check(case, "pearson_r", number(out["pearson_r"]), np.corrcoef(a, b)[0, 1])
    check(case, "mean_abs_percent_difference", number(out["mean_abs_percent_difference"]), np.mean(np.abs(a - b) / np.abs(b)) * 100)
    print(f"{case}: {compared - before[0]} values, {differed - before[1]} differed")


def synthetic(rng, n, noise, outliers, with_conf, with_mask):
    z = rng.uniform(0.3, 6.0, n)
    s, t = rng.uniform(0.5, 3.0), rng.uniform(-0.05, 0.05)
    inv = (1 / z - t) / s
    y = 1 / z + rng.normal(0, noise, n)
    bad = rng.random(n) < outliers
    y[bad] *= rng.uniform(1.3, 2.0, bad.sum())
    depth = 1 / y
    conf = rng.integers(0, 3, n) if with_conf else None
    mask = (rng.random(n) < 0.85).astype(int) if with_mask else None
    return depth, inv, conf, mask


def main():
    tool, priorda, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    sample = os.path.join(priorda, "sample-1")
    missing_sample = None
    if os.path.isdir(sample):
        gt = ref.read_png16(os.path.join(sample, "gt_depth.png")).astype(float) / 1000
        geo = np.load(os.path.join(sample, "geo_depth.npy")).astype(float)
        depth = np.where(gt > 0, gt, np.nan).ravel()
        inv = (1 / geo).ravel()
        fit_case(tool, work, "priorda-sample-1", depth, inv)
        rows, cols = np.linspace(0, gt.shape[0] - 1, 16).astype(int), np.linspace(0, gt.shape[1] - 1, 16).astype(int)
        grid = np.ix_(rows, cols)
        fit_case(tool, work, "priorda-sample-1-16x16", np.where(gt > 0, gt, np.nan)[grid].ravel(), (1 / geo)[grid].ravel())
        # A half-resolution pass emulated by 2x2 block means, upsampled by repetition, against the full frame.
        h, w = geo.shape
        half = geo.reshape(h // 2, 2, w // 2, 2).mean(axis=(1, 3)).repeat(2, axis=0).repeat(2, axis=1)
        agreement_case(tool, work, "agreement-priorda-sample-1-half-resolution", half.ravel(), geo.ravel())
    else:
        missing_sample = sample
    rng = np.random.default_rng(20261201)
    cases = [("clean-256", 256, 1e-4, 0.0, False, False), ("noisy-256", 256, 5e-3, 0.0, False, False),
             ("outliers-256", 256, 2e-3, 0.1, False, False), ("confidence-mask-256", 256, 3e-3, 0.05, True, True),
             ("small-12", 12, 2e-3, 0.0, False, False), ("large-5000", 5000, 4e-3, 0.08, True, True)]
    for case in cases:
        fit_case(tool, work, case[0], *synthetic(rng, *case[1:]))
    high = rng.uniform(0.5, 5, 400)
    low = high * rng.normal(1, 0.03, 400)
    low[::37] = np.nan
    agreement_case(tool, work, "agreement-seeded-400", low, high)
    a = rng.normal(1.0, 0.2, 20)
    wilcoxon_case(tool, work, "wilcoxon-exact-20", a, a - rng.normal(0.05, 0.1, 20))
    ties = np.round(rng.normal(0, 1, 10), 0)
    wilcoxon_case(tool, work, "wilcoxon-permutation-10-ties-zeros", ties, np.zeros(10))
    ties30 = np.round(rng.normal(0.3, 1, 30), 1)
    wilcoxon_case(tool, work, "wilcoxon-asymptotic-30-ties", ties30, np.zeros(30))
    wilcoxon_case(tool, work, "wilcoxon-asymptotic-51", rng.normal(0.1, 1, 51), np.zeros(51))
    zeros = rng.normal(0.2, 1, 40)
    zeros[:6] = 0
    wilcoxon_case(tool, work, "wilcoxon-asymptotic-40-zeros", zeros, np.zeros(40))
    wilcoxon_case(tool, work, "wilcoxon-exact-50", rng.normal(0, 1, 50), rng.normal(0.3, 1, 50))
    wilcoxon_case(tool, work, "wilcoxon-asymptotic-300", rng.normal(0, 1, 300), rng.normal(0.05, 1, 300))
    print(f"fusion conformance: {compared} values compared, {differed} differed")
    if differed:
        sys.exit(1)
    if missing_sample:
        # 77: the run could not cover everything; Scripts/test reports SKIP with this line.
        print(f"fusion conformance: skipped the real frame: {missing_sample} does not exist")
        sys.exit(77)


if __name__ == "__main__":
    main()
