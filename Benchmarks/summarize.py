#!/usr/bin/env python3
"""Summarise the runs of Benchmarks/run_tracking.sh (plain python3).

Usage: summarize.py RUNS_DIR --sizes 500x20,2000x50,5000x100 --runs 3

Reads RUNS_DIR/<tool>-<size>-<run>.time (GNU time -v output) for tool in
{ours, trackeval}, and the metrics each run produced (ours: <tag>.out, the JSON
printed by score-mot; TrackEval: trackeval-<size>-<run>/<size>.json). Prints a
table of median wall seconds and median peak RSS MiB per size and tool with the
ratios TrackEval/ours, then checks that each tool's runs gave identical metrics
and that ours equal TrackEval's (Conformance/compare.py rules). Exit 1 on any
failed check.
"""

import argparse
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Conformance'))
from compare import run_pair  # noqa: E402

TOOLS = ('ours', 'trackeval')


def parse_time(path):
    """(wall seconds, peak RSS MiB) from a `/usr/bin/time -v` report."""
    text = open(path).read()
    wall = re.search(r'Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)', text).group(1)
    seconds = 0.0
    for part in wall.split(':'):
        seconds = seconds * 60 + float(part)
    rss_kib = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', text).group(1))
    return seconds, rss_kib / 1024.0


def result_path(runs_dir, tool, size, run):
    if tool == 'ours':
        return os.path.join(runs_dir, 'ours-%s-%d.out' % (size, run))
    return os.path.join(runs_dir, 'trackeval-%s-%d' % (size, run), size + '.json')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('runs_dir')
    ap.add_argument('--sizes', required=True)
    ap.add_argument('--runs', type=int, default=3)
    args = ap.parse_args()
    sizes = args.sizes.split(',')
    runs = range(1, args.runs + 1)

    print('\n%-9s %-10s %-22s %9s %-26s %9s %8s %8s' % (
        'size', 'tool', 'wall s (runs)', 'median s', 'peak RSS MiB (runs)', 'med MiB', 't ratio', 'm ratio'))
    medians = {}
    for size in sizes:
        for tool in TOOLS:
            samples = [parse_time(os.path.join(args.runs_dir, '%s-%s-%d.time' % (tool, size, r))) for r in runs]
            wall = [s[0] for s in samples]
            rss = [s[1] for s in samples]
            medians[size, tool] = (statistics.median(wall), statistics.median(rss))
            ratio_t = ratio_m = ''
            if tool == 'trackeval':
                ours_t, ours_m = medians[size, 'ours']
                ratio_t = '%.1fx' % (medians[size, tool][0] / max(ours_t, 1e-3))
                ratio_m = '%.1fx' % (medians[size, tool][1] / max(ours_m, 1e-3))
            print('%-9s %-10s %-22s %9.2f %-26s %9.1f %8s %8s' % (
                size, tool, ' / '.join('%.2f' % w for w in wall), medians[size, tool][0],
                ' / '.join('%.1f' % m for m in rss), medians[size, tool][1], ratio_t, ratio_m))
    print('(ratios are TrackEval / ours; wall clock and max RSS of the whole process, /usr/bin/time -v)\n')

    failed = 0
    for size in sizes:
        for tool in TOOLS:
            docs = [json.load(open(result_path(args.runs_dir, tool, size, r))) for r in runs]
            same = all(d.get('results') == docs[0].get('results') for d in docs)
            print('%-9s %-10s results identical across %d runs: %s' % (size, tool, len(docs), 'yes' if same else 'NO'))
            failed += not same
        print('%s: ours (run 1) vs TrackEval (run 1):' % size)
        tally = run_pair(result_path(args.runs_dir, 'ours', size, 1), result_path(args.runs_dir, 'trackeval', size, 1))
        failed += tally.differed > 0
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
