#!/usr/bin/env python3
"""Conformance of the warmth estimators with lifelines (Kaplan-Meier), statsmodels (Wilson)
and scipy (Garwood / chi-square quantiles).

Usage: warmth_check.py SPATIAL_EVAL WORKDIR CORPUS_INDEX

1. Seeded random and tie-heavy (duration, event) groups → `spatial-eval warmth-stats`;
   every Kaplan-Meier row, median, median interval, P(by h), Wilson and Garwood bound is
   compared with the reference.
2. The bundled corpus → `spatial-eval warmth-replay --format json` with several parameter
   sets; the time-to-find table and median, the false-find Wilson intervals and the
   false-finds-per-minute Garwood interval are recomputed by the reference tools from the
   per-trial outcomes the replay prints.
Prints "warmth conformance: N values compared, D differed" and exits 1 when D > 0.
"""
import csv, json, math, os, random, subprocess, sys

import numpy as np
from lifelines import KaplanMeierFitter
from lifelines.utils import median_survival_times
from scipy.stats import chi2
from statsmodels.stats.proportion import proportion_confint

BIN, WORK, CORPUS = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
compared = 0
differed = 0
skipped = 0
half_ties = 0  # medians decided by the 1e-12 allowance (an exact S = 0.5 step)


def num(x):
    if x is None:
        return None
    if isinstance(x, str):
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[x]
    return float(x)


def same(ours, ref, what):
    global compared, differed
    compared += 1
    a, b = num(ours), ref
    if b is None or (isinstance(b, float) and math.isinf(b)):
        ok = a is None or (isinstance(a, float) and math.isinf(a))
    elif isinstance(b, float) and math.isnan(b):
        ok = a is not None and math.isnan(a)
    else:
        ok = a is not None and abs(a - b) <= 1e-9 * max(1.0, abs(b))
    if not ok:
        differed += 1
        if differed <= 20:
            print(f"DIFF {what}: ours {ours!r}, reference {ref!r}")


def check_km(ours, durations, events, horizons, what):
    """ours: a TimeToEvent object as JSON."""
    global skipped
    kmf = KaplanMeierFitter().fit(np.array(durations, dtype=float), event_observed=np.array(events, dtype=bool))
    sf = kmf.survival_function_["KM_estimate"]
    ci = kmf.confidence_interval_
    lo_col, hi_col = ci.columns[0], ci.columns[1]
    table = kmf.event_table
    event_times = [t for t in table.index if table.loc[t, "observed"] > 0]
    same(len(ours["table"]), float(len(event_times)), f"{what} rows")
    for row, t in zip(ours["table"], event_times):
        same(row["time"], float(t), f"{what} time")
        same(row["atRisk"], float(table.loc[t, "at_risk"]), f"{what} at risk t={t}")
        same(row["events"], float(table.loc[t, "observed"]), f"{what} events t={t}")
        s = float(sf.loc[t])
        same(row["survival"], s, f"{what} S t={t}")
        if 0 < s < 1:
            same(row["lower"], float(ci.loc[t, lo_col]), f"{what} lower t={t}")
            same(row["upper"], float(ci.loc[t, hi_col]), f"{what} upper t={t}")
        else:
            skipped += 2  # S = 0: lifelines' band is undefined there; ours is [0, 0] by rule
    global half_ties
    # The median rule (Docs/spec.md#warmth-km): the first event time with S <= 0.5. lifelines
    # computes S as exp(cumsum(log(1 - d/n))), so an S that is exactly 0.5 (10 of 20 found)
    # comes out as 0.5000000000000001 and its median_survival_time_ moves to the next event
    # time. The reference median is the rule applied to lifelines' own S with a 1e-12
    # allowance for that rounding; the cases where the allowance decides are counted apart.
    m = float(kmf.median_survival_time_)
    below = [t for t in sf.index if float(sf.loc[t]) <= 0.5 + 1e-12]
    m_rule = float(below[0]) if below else math.inf
    if m_rule != m:
        half_ties += 1
    same(ours.get("median"), None if math.isinf(m_rule) else m_rule, f"{what} median")
    mci = median_survival_times(ci)
    lo, hi = float(mci.iloc[0, 0]), float(mci.iloc[0, 1])
    same(ours.get("medianLower"), None if math.isinf(lo) else lo, f"{what} median lower")
    same(ours.get("medianUpper"), None if math.isinf(hi) else hi, f"{what} median upper")
    for h, p in zip(horizons, ours["foundBy"]):
        same(p, 1 - float(kmf.predict(h)), f"{what} P(by {h})")


def check_wilson(ours, x, n, what):
    if n == 0:
        return
    lo, hi = proportion_confint(x, n, alpha=0.05, method="wilson")
    same(ours["lower"], min(1.0, max(0.0, lo)), f"{what} Wilson lower")
    same(ours["upper"], min(1.0, max(0.0, hi)), f"{what} Wilson upper")


def check_garwood(ours, count, minutes, what):
    lo = 0.0 if count == 0 else chi2.ppf(0.025, 2 * count) / 2
    hi = chi2.ppf(0.975, 2 * count + 2) / 2
    same(ours["lower"], lo / minutes, f"{what} Garwood lower")
    same(ours["upper"], hi / minutes, f"{what} Garwood upper")


# 1. random groups
rng = random.Random(20261201)
rows = []
groups = {}
for g in range(60):
    n = rng.randint(1, 40)
    ties = g % 2 == 0
    data = []
    for _ in range(n):
        d = rng.uniform(0.1, 30)
        d = round(d * 2) / 2 if ties else round(d, 6)
        data.append((d, 1 if rng.random() < rng.choice([0.2, 0.5, 0.9, 1.0]) else 0))
    groups[f"g{g}"] = data
    rows += [(f"g{g}", d, e) for d, e in data]
path = os.path.join(WORK, "groups.csv")
with open(path, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["group", "duration", "event"])
    w.writerows(rows)
out = json.loads(subprocess.run([BIN, "warmth-stats", path], check=True, capture_output=True, text=True).stdout)
for name, data in groups.items():
    durations = [d for d, _ in data]
    events = [e for _, e in data]
    o = out[name]
    check_km(o["km"], durations, events, [5, 10, 20], f"{name} KM")
    check_wilson(o["wilson"], sum(events), len(events), name)
    check_garwood(o["garwood"], sum(events), sum(durations) / 60, name)

# 2. the bundled corpus under several parameter sets
param_sets = [{}, {"tau": 0.02}, {"warmOn": 0.35, "warmOff": 0.3, "k": 2, "n": 3}, {"foundScore": 0.7, "floor": 0.2}, {"tau": 0.005, "k": 1, "n": 1}]
for i, params in enumerate(param_sets):
    ppath = os.path.join(WORK, f"params{i}.json")
    with open(ppath, "w") as f:
        json.dump(params, f)
    res = json.loads(subprocess.run([BIN, "warmth-replay", CORPUS, "--params", ppath, "--format", "json"],
                                    check=True, capture_output=True, text=True).stdout)
    s, trials = res["summary"], res["trials"]
    present = [t for t in trials if t.get("targetPresent") is True]
    absent = [t for t in trials if t.get("targetPresent") is False]
    durations = [t.get("firstCorrectFind", t["exposure"]) for t in present]
    events = [1 if "firstCorrectFind" in t else 0 for t in present]
    check_km(s["ttf"], durations, events, s["ttf"]["horizons"], f"corpus[{i}] TTF")
    sighted = [t for t in present if "firstVisible" in t]
    check_km(s["ttfAfterSight"], [max(0.0, t["firstCorrectFind"] - t["firstVisible"]) if "firstCorrectFind" in t else t["exposure"] - t["firstVisible"] for t in sighted],
             [1 if "firstCorrectFind" in t else 0 for t in sighted], s["ttf"]["horizons"], f"corpus[{i}] TTF after sight")
    check_wilson(s["falseFindTrialsAbsent"], sum(1 for t in absent if t["falseFinds"] > 0), len(absent), f"corpus[{i}] absent")
    check_wilson(s["falseFindTrialsPresent"], sum(1 for t in present if t["falseFinds"] > 0), len(present), f"corpus[{i}] present")
    known = present + absent
    count = sum(t["falseFinds"] for t in known)
    same(s["falseFindsPerMinute"]["count"], float(count), f"corpus[{i}] false finds")
    check_garwood(s["falseFindsPerMinute"], count, sum(t["exposure"] for t in known) / 60, f"corpus[{i}] per minute")

print(f"(medians at an exact S = 0.5 step, where lifelines' log-space rounding (0.5000000000000001) moves median_survival_time_ to the next event time: {half_ties})")
print(f"(S = 0 band values not compared, lifelines leaves them undefined: {skipped})")
print(f"warmth conformance: {compared} values compared, {differed} differed")
sys.exit(1 if differed else 0)
