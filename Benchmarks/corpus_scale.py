#!/usr/bin/env python3
"""Summarise the runs of Benchmarks/corpus_scale.sh (plain python3).

Usage: corpus_scale.py RUNS_DIR --sizes 100,400,1000,4000 [--before-sizes 100,400,1000]

Reads every RUNS_DIR/<binary>-<size>-<run>.time (GNU time -v), .h5size (sweep.h5 bytes) and
.report.md for binary in {after, before} (runs of earlier invocations of the script count too).
Prints a Markdown table of the median wall time, CPU time (user + system) and peak RSS and of
sweep.h5's size per size and binary (GB and MB are 10^9 and 10^6 bytes), then per binary the
per-recording slope of each (least squares over the sizes) and the after/before ratios.
Exit 1 when the two binaries wrote different reports at a size, or one binary different
reports across its runs.
"""

import argparse
import os
import re
import statistics
import sys


def parse_time(path):
    """(wall seconds, peak RSS in bytes, CPU seconds: user + system) from a `/usr/bin/time -v` report."""
    text = open(path).read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    seconds = 0.0
    for part in wall.split(":"):
        seconds = seconds * 60 + float(part)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) * 1024
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): (\S+)", text).group(1)) for kind in ("User", "System"))
    return seconds, rss, cpu


def slope(points):
    """Least-squares slope of y on x over (x, y) pairs (None with fewer than two sizes)."""
    if len({x for x, _ in points}) < 2:
        return None
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runs_dir")
    parser.add_argument("--sizes", required=True)
    parser.add_argument("--before-sizes", default="")
    args = parser.parse_args()
    sizes = {"after": [int(s) for s in args.sizes.split(",") if s]}
    if args.before_sizes:
        sizes["before"] = [int(s) for s in args.before_sizes.split(",") if s]
    rows, ok = {}, True
    for binary, ns in sizes.items():
        for n in ns:
            runs = sorted(os.path.join(args.runs_dir, f[:-len(".time")]) for f in os.listdir(args.runs_dir)
                          if re.fullmatch(rf"{binary}-{n}-\d+\.time", f))
            if not runs:
                sys.exit(f"no runs of {binary} at {n} recordings in {args.runs_dir}")
            times = [parse_time(r + ".time") for r in runs]
            reports = {open(r + ".report.md", "rb").read() for r in runs}
            if len(reports) != 1:
                print(f"{binary} at {n} recordings: the runs wrote different reports")
                ok = False
            rows[binary, n] = {
                "walls": [t[0] for t in times], "wall": statistics.median(t[0] for t in times),
                "rss": statistics.median(t[1] for t in times), "h5": int(open(runs[0] + ".h5size").read()),
                "cpu": statistics.median(t[2] for t in times),
                "report": reports.pop(),
            }
    print("| recordings | binary | wall, median s (runs) | CPU (user + system), median s | peak RSS, median GB | sweep.h5 MB | sweep.h5 per recording, MB |")
    print("|---|---|---|---|---|---|---|")
    for n in sorted({n for _, n in rows}):
        for binary in ("before", "after"):
            r = rows.get((binary, n))
            if r:
                walls = ", ".join(f"{w:.1f}" for w in r["walls"])
                print(f"| {n:,} | {binary} | {r['wall']:.1f} ({walls}) | {r['cpu']:.1f} | {r['rss'] / 1e9:.2f} | {r['h5'] / 1e6:.0f} | {r['h5'] / n / 1e6:.2f} |")
    print()
    for binary, ns in sizes.items():
        rss = slope([(n, rows[binary, n]["rss"]) for n in ns])
        wall = slope([(n, rows[binary, n]["wall"]) for n in ns])
        cpu = slope([(n, rows[binary, n]["cpu"]) for n in ns])
        h5 = slope([(n, rows[binary, n]["h5"]) for n in ns])
        if rss is not None:
            print(f"{binary}: slope {rss / 1e6:.3f} MB peak RSS, {wall * 1e3:.1f} ms wall, {cpu * 1e3:.1f} ms CPU and {h5 / 1e6:.3f} MB of sweep.h5 per recording"
                  f" (least squares over {', '.join(map(str, ns))})")
    for n in sizes["after"]:
        if ("before", n) in rows:
            before, after = rows["before", n], rows["after", n]
            same = before["report"] == after["report"]
            ok = ok and same
            print(f"{n} recordings: sweep.h5 after/before {after['h5'] / before['h5']:.1%}; peak RSS after/before "
                  f"{after['rss'] / before['rss']:.1%}; wall after/before {after['wall'] / before['wall']:.2f}; "
                  f"CPU after/before {after['cpu'] / before['cpu']:.2f}; "
                  f"reports {'identical' if same else 'DIFFER'}")
    if ("after", 400) in rows and ("after", 4000) in rows:
        print(f"after: 4,000 recordings took {rows['after', 4000]['wall'] / rows['after', 400]['wall']:.1f}× the 400-recording wall time "
              f"and {rows['after', 4000]['cpu'] / rows['after', 400]['cpu']:.1f}× its CPU time")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
