"""Conformance of `spatial-eval curves` with scikit-learn 1.9.1 and paretoset 1.2.5.

Usage: sweeps_check.py SPATIAL_EVAL WORKDIR

Writes seeded random and tie-heavy cases as CSV files into WORKDIR, runs our binary on each
(`curves FILE.csv`, `curves FILE.csv --pareto`) and the references on the same numbers:

* precision_recall_curve, average_precision_score, roc_curve (drop_intermediate=True),
  roc_auc_score (NaN for us where scikit-learn raises: a single class);
* paretoset(df, sense=["min", ...], distinct=False).

Every array length, every value (floats to 1e-12 relative, infinities and NaN by identity)
and every mask entry is compared. Prints "sweeps conformance: N values compared, D differed"
and exits 1 when anything differed or failed.
"""
import json
import math
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from paretoset import paretoset
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve


def curve_cases(rng):
    cases = {}
    for k in range(12):  # continuous scores, distinct almost surely
        n = int(rng.integers(2, 400))
        labels = rng.integers(0, 2, n)
        cases[f"random-{k}"] = (labels, rng.normal(size=n) + labels * rng.uniform(0, 2))
    for k in range(12):  # tie-heavy: scores on a coarse grid
        n = int(rng.integers(2, 300))
        labels = rng.integers(0, 2, n)
        cases[f"ties-{k}"] = (labels, np.round(rng.uniform(0, 1, n) + 0.3 * labels, 1))
    cases["all-tied"] = (np.array([0, 1, 1, 0, 1]), np.full(5, 0.5))
    cases["perfect"] = (np.array([0, 0, 1, 1]), np.array([0.1, 0.2, 0.8, 0.9]))
    cases["inverted"] = (np.array([1, 1, 0, 0]), np.array([0.1, 0.2, 0.8, 0.9]))
    cases["single"] = (np.array([1, 0]), np.array([0.3, 0.3]))
    cases["only-positives"] = (np.array([1, 1, 1]), np.array([0.2, 0.5, 0.5]))
    cases["only-negatives"] = (np.array([0, 0, 0, 0]), np.array([0.2, 0.5, 0.5, 0.9]))
    return cases


def pareto_cases(rng):
    cases = {}
    for k in range(10):
        n, d = int(rng.integers(1, 300)), int(rng.integers(2, 4))
        cases[f"random-{k}"] = rng.normal(size=(n, d))
    for k in range(10):  # integer grid: many duplicates and ties on one objective
        n, d = int(rng.integers(1, 300)), int(rng.integers(2, 4))
        cases[f"ties-{k}"] = rng.integers(0, 5, size=(n, d)).astype(float)
    cases["identical"] = np.ones((6, 2))
    return cases


def reference_curves(labels, scores):
    precision, recall, pr_t = precision_recall_curve(labels, scores)
    fpr, tpr, roc_t = roc_curve(labels, scores)
    try:
        auc = roc_auc_score(labels, scores)
    except ValueError:
        auc = float("nan")
    return {"precision": precision, "recall": recall, "pr_thresholds": pr_t,
            "average_precision": average_precision_score(labels, scores),
            "fpr": fpr, "tpr": tpr, "roc_thresholds": roc_t, "roc_auc": auc}


def number(value):
    if isinstance(value, str):
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value]
    return float(value)


def same(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))


def ours(binary, path, *flags):
    run = subprocess.run([binary, "curves", str(path), *flags], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{path}: exit {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)


def main():
    warnings.simplefilter("ignore")  # one-class cases warn by design
    binary, work = sys.argv[1], Path(sys.argv[2])
    work.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20261201)
    compared = differed = failures = 0

    def compare(case, key, theirs, mine):
        nonlocal compared, differed
        theirs = np.atleast_1d(np.asarray(theirs, dtype=float))
        mine = [number(v) for v in (mine if isinstance(mine, list) else [mine])]
        compared += 1
        if len(theirs) != len(mine):
            differed += 1
            print(f"DIFF {case} {key}: length {len(mine)} vs reference {len(theirs)}")
            return
        for i, (a, b) in enumerate(zip(mine, theirs)):
            compared += 1
            if not same(a, float(b)):
                differed += 1
                print(f"DIFF {case} {key}[{i}]: ours {a!r} reference {float(b)!r}")

    for name, (labels, scores) in curve_cases(rng).items():
        path = work / f"curve-{name}.csv"
        pd.DataFrame({"label": labels, "score": scores}).to_csv(path, index=False, float_format="%.17g")
        scores = pd.read_csv(path)["score"].to_numpy()  # exactly the numbers we read
        try:
            mine = ours(binary, path)
        except RuntimeError as error:
            failures += 1
            print(f"FAIL {error}")
            continue
        for key, value in reference_curves(labels, scores).items():
            compare(f"curve {name}", key, value, mine[key])

    for name, rows in pareto_cases(rng).items():
        path = work / f"pareto-{name}.csv"
        frame = pd.DataFrame(rows, columns=[f"f{k}" for k in range(rows.shape[1])])
        frame.to_csv(path, index=False, float_format="%.17g")
        frame = pd.read_csv(path)
        try:
            mine = ours(binary, path, "--pareto")
        except RuntimeError as error:
            failures += 1
            print(f"FAIL {error}")
            continue
        mask = paretoset(frame, sense=["min"] * frame.shape[1], distinct=False)
        compare(f"pareto {name}", "mask", mask.astype(float), mine["mask"])

    # Bad input must fail with the file and line named, exit 1.
    bad = work / "bad.csv"
    bad.write_text("label,score\n1,0.5\n2,0.1\n")
    run = subprocess.run([binary, "curves", str(bad)], capture_output=True, text=True)
    compared += 1
    if run.returncode != 1 or f"{bad}:3:" not in run.stderr:
        differed += 1
        print(f"DIFF bad input: exit {run.returncode}, stderr {run.stderr.strip()!r}")

    print(f"sweeps conformance: {compared} values compared, {differed} differed"
          + (f", {failures} runs failed" if failures else ""))
    sys.exit(1 if differed or failures else 0)


if __name__ == "__main__":
    main()
