#!/usr/bin/env python3
"""Read back the HDF5 file of `spatial-eval score-mot --out X.h5` and check it against the JSON.

Usage (in the TrackEval venv, which has h5py):
    read_results_h5.py RESULTS.h5 RESULTS.json [--check-out CHECK.json]

The HDF5 layout is still being finalised, so this is deliberately tolerant:
* it prints the root attributes and every group and dataset (shape, dtype);
* it looks for a group named `summary` anywhere in the file, holding a 1-D string
  dataset `sequence` (one row per sequence, the aggregate row included) and one
  1-D dataset per metric, in the same row order;
* for every scalar of the JSON (per sequence, nested "alpha" arrays excluded) it
  checks that the summary has a dataset of that name and that the row of that
  sequence holds the same value (the comparer's rules: counts exact, floats to
  1e-12 relative, NaN = NaN). Summary datasets without a JSON counterpart are
  listed but not counted.
It prints the counts and, with --check-out, writes {"name", "compared",
"differed"} for compare.py --extra. Exit status 1 if anything differed.
"""

import argparse
import json
import os
import sys

import h5py
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CONVENTIONS, decode_number, read_results, values_equal  # noqa: E402


def describe(h5):
    for k, v in h5.attrs.items():
        text = str(v)
        print('  @%s = %s' % (k, text if len(text) < 80 else text[:77] + '...'))

    def visit(name, obj):
        if isinstance(obj, h5py.Group):
            datasets = ['%s%s' % (k, list(v.shape)) for k, v in obj.items() if isinstance(v, h5py.Dataset)]
            print('  /%s  group, %d datasets: %s' % (name + '/' if name else '', len(datasets), ', '.join(datasets)))
    visit('', h5)
    h5.visititems(visit)


def find_summary(h5):
    found = []
    h5.visititems(lambda name, obj: found.append(obj) if isinstance(obj, h5py.Group)
                  and name.split('/')[-1] == 'summary' else None)
    return found[0] if found else None


def as_text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def check(h5_path, json_path):
    doc = read_results(json_path)
    int_keys = CONVENTIONS[doc.get('convention', 'trackeval')]['int_keys']
    compared = differed = 0
    with h5py.File(h5_path, 'r') as h5:
        print('HDF5 %s:' % h5_path)
        describe(h5)
        summary = find_summary(h5)
        if summary is None or 'sequence' not in summary:
            print('  DIFF no group "summary" with a "sequence" dataset')
            return 1, 1
        rows = [as_text(v) for v in summary['sequence'][()]]
        print('  summary at %s: %d rows %s, %d datasets' % (summary.name, len(rows), rows, len(summary) - 1))
        columns = {name: summary[name][()] for name in summary
                   if name != 'sequence' and isinstance(summary[name], h5py.Dataset)}
        for seq, res in doc['results'].items():
            for key, value in res.items():
                if isinstance(value, (dict, list)):
                    continue
                compared += 1
                if key not in columns or seq not in rows:
                    differed += 1
                    print('  DIFF %s %s: missing in the HDF5 summary' % (seq, key))
                    continue
                got = columns[key][rows.index(seq)]
                got = got.item() if isinstance(got, np.generic) else got
                want = decode_number(value)
                if not values_equal(got, want, key in int_keys):
                    differed += 1
                    print('  DIFF %s %s: hdf5=%r json=%r' % (seq, key, got, want))
        json_keys = {k for r in doc['results'].values() for k in r}
        extra = sorted(set(columns) - json_keys)
        if extra:
            print('  summary datasets not in the JSON (not checked): %s' % ', '.join(extra))
    return compared, differed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('h5')
    ap.add_argument('json')
    ap.add_argument('--check-out')
    args = ap.parse_args()
    if not os.path.isfile(args.h5):
        print('DIFF %s does not exist' % args.h5)
        compared, differed = 1, 1
    else:
        try:
            compared, differed = check(args.h5, args.json)
        except Exception as err:  # unreadable file or JSON: one failed check
            print('DIFF cannot check %s: %s: %s' % (args.h5, type(err).__name__, err))
            compared, differed = 1, 1
    print('hdf5 read-back: %d values compared, %d differed' % (compared, differed))
    if args.check_out:
        with open(args.check_out, 'w') as f:
            json.dump({'name': 'hdf5-summary', 'compared': compared, 'differed': differed}, f)
    sys.exit(1 if differed else 0)


if __name__ == '__main__':
    main()
