#!/usr/bin/env python3
"""The two halves of Scripts/check-marks-recovery (Docs/recorder.md#marks-are-enough).

  marks_recovery.py protocols WORK SWEEP_CORPUS_JSON VERSION...
      writes WORK/run-VERSION.json and WORK/sweep-VERSION.json over WORK/VERSION/*.sqlite
      (the sweep takes the object-permanence rule of SWEEP_CORPUS_JSON as it is);
  marks_recovery.py compare WORK labelled true-frame phone
      reads the tool's JSON of each run (`report results.h5 --json`) and sweep
      (`report sweep.h5 --json`), prints the side-by-side Markdown table and checks the
      true-frame criteria against the labelled run; exit 1 when one fails.

Standard library only: the figures come from the tool's own JSON, nothing is recomputed
beyond sums of its per-recording rows.
"""
import glob
import json
import math
import os
import sys

BOOTSTRAP = {"replicates": 200, "seed": 20261207, "confidence": 0.95, "method": "percentile"}


def write_protocols(work, sweep_corpus, versions):
    corpus = json.load(open(sweep_corpus))
    rule = next(s for s in corpus["sweeps"] if s["name"] == "object-permanence")
    for version in versions:
        recordings = sorted(os.path.abspath(p) for p in glob.glob(os.path.join(work, version, "*.sqlite")))
        if not recordings:
            sys.exit(f"marks_recovery: no recordings in {work}/{version}")
        with open(os.path.join(work, f"run-{version}.json"), "w") as f:
            json.dump({"name": f"marks-{version}", "recordings": recordings, "bootstrap": BOOTSTRAP, "gates": []}, f, indent=1)
        with open(os.path.join(work, f"sweep-{version}.json"), "w") as f:
            json.dump({"name": f"marks-sweep-{version}", "recordings": recordings, "bootstrap": corpus["bootstrap"],
                       "sweeps": [rule]}, f, indent=1)


def nan(value):
    return float("nan") if value == "NaN" else value


def figures(work, version):
    run = json.load(open(os.path.join(work, f"run-{version}.json.out")))
    sweep = json.load(open(os.path.join(work, f"sweep-{version}.json.out")))["sweeps"][0]
    names = sweep["component_names"]
    shipped = [sum(row[names.index(name)] for row in sweep["shipped_components"]) for name in names]
    c = dict(zip(names, shipped))
    intervals = run["pooled"]["recording_intervals"]

    def interval(figure, parameter=None):
        for k, name in enumerate(intervals["figure"]):
            p = nan(intervals["parameter"][k])
            if name == figure and (parameter is None and (isinstance(p, float) and math.isnan(p)) or p == parameter):
                return nan(intervals["estimate"][k]), nan(intervals["lower"][k]), nan(intervals["upper"][k])
        raise KeyError(figure)

    recommendation = sweep["recommendation"]
    return {
        "recordings": len(run["recordings"]),
        "objects anchored": c["objectsAnchored"],
        "duplicates": c["duplicates"],
        "twin pairs seen": c["twinPairs"],
        "blended twin pairs": c["blendedTwinPairs"],
        "removals": c["removals"],
        "removals found": c["removals"] - c["missedRemovals"],
        "false \"missing\" flags": c["falseMissing"],
        "guided requests": c["guidedRequests"],
        "correct locks": c["correctLocks"],
        "wrong-target locks": c["wrongTargetLocks"],
        "green arrivals": c["greenArrivals"],
        "anchor error median m": interval("anchor_error.median_m"),
        "MOTA (N = 1)": interval("mota", 1.0),
        "IDF1 (N = 1)": interval("idf1", 1.0),
        "keys": sweep["axis_keys"],
        "recommended": list(zip(recommendation["value"], recommendation["lower"], recommendation["upper"])),
        "verdicts": recommendation["verdict"],
    }


def show(value):
    if isinstance(value, tuple):
        return f"{value[0]:.3f} [{value[1]:.3f}, {value[2]:.3f}]"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def compare(work, versions):
    base, marks, phone = (figures(work, v) for v in versions)
    failures = []
    rows = []
    counts = ["objects anchored", "duplicates", "twin pairs seen", "blended twin pairs", "removals", "removals found",
              "false \"missing\" flags", "guided requests", "correct locks", "wrong-target locks", "green arrivals"]
    for name in counts:
        a, b, p = base[name], marks[name], phone[name]
        ok = abs(b - a) <= 0.05 * a if a > 0 else b == a
        if not ok:
            failures.append(f"{name}: {show(b)} with true-frame marks against {show(a)} labelled (more than 5 % apart)")
        rows.append((name, show(a), show(b), show(p), "within 5 %" if ok else "OFF"))
    error = (base["anchor error median m"], marks["anchor error median m"], phone["anchor error median m"])
    ok = abs(error[1][0] - error[0][0]) <= 0.01
    if not ok:
        failures.append(f"anchor error median {error[1][0]:.4f} m against {error[0][0]:.4f} m (more than 1 cm apart)")
    rows.append(("anchor error median m", show(error[0]), show(error[1]), show(error[2]), "within 1 cm" if ok else "OFF"))
    for name in ["MOTA (N = 1)", "IDF1 (N = 1)"]:
        a, b, p = base[name], marks[name], phone[name]
        ok = abs(b[0] - a[0]) <= 0.05
        if name.startswith("MOTA") and not ok:
            failures.append(f"MOTA from projected marks {b[0]:.3f} against {a[0]:.3f} labelled (more than 0.05 apart)")
        rows.append((name + (" (marks: from projected marks)"), show(a), show(b), show(p),
                     ("within 0.05" if ok else "OFF") if name.startswith("MOTA") else f"Δ {b[0] - a[0]:+.3f}"))
    for k, key in enumerate(base["keys"]):
        value, lower, upper = base["recommended"][k]
        m, p = marks["recommended"][k], phone["recommended"][k]
        inside = lower - 1e-9 <= m[0] <= upper + 1e-9
        if not inside:
            failures.append(f"{key}: true-frame recommendation {m[0]:.3f} outside the labelled interval [{lower:.3f}, {upper:.3f}]")
        rows.append((f"{key} recommended", show((value, lower, upper)), show(m), show(p),
                     "inside labelled interval" if inside else "OUTSIDE"))
    print(f"{base['recordings']} sessions per version (simulated; 'true-frame' and 'phone' written as recorded, marks only)")
    print()
    print("| figure | labelled boxes | true-frame marks | phone marks ±0.05 m | true-frame against labelled |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    if failures:
        for failure in failures:
            print("FAIL " + failure)
        print(f"marks recovery: {len(failures)} criteria failed")
        return 1
    print(f"marks recovery: {len(rows)} figures compared, every true-frame criterion holds")
    return 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "protocols" and len(sys.argv) >= 5:
        write_protocols(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif command == "compare" and len(sys.argv) == 6:
        sys.exit(compare(sys.argv[2], sys.argv[3:]))
    else:
        sys.exit(__doc__)
