#!/usr/bin/env python3
"""Reference runner: py-motmetrics 1.4.0, reproducing its apps/eval_motchallenge.py.

Usage (in the motmetrics venv):
    run_motmetrics.py OUT_DIR SET_DIR [SET_DIR ...]

For every SET_DIR (benchmark layout, see common.py) it does what
`python -m motmetrics.apps.eval_motchallenge SET/gt SET/tracker` does:
* gt files      = glob SET/gt/*/gt/gt.txt, loaded with
                  mm.io.loadtxt(f, fmt='mot15-2D', min_confidence=1);
* tracker files = glob SET/tracker/*.txt whose name does not start with "eval",
                  loaded with mm.io.loadtxt(f, fmt='mot15-2D');
* loop over the tracker files (a tracker file without gt is skipped, a gt
  without tracker file is silently dropped, as in the app), and
  mm.utils.compare_to_groundtruth(gt, ts, 'iou', distth=0.5) for each;
* mh.compute_many(accs, names, metrics=motchallenge_metrics + [num_frames, idtp,
  idfp, idfn, num_objects, num_predictions, num_matches, num_detections],
  generate_overall=True).
The one deliberate change: both globs are sorted (the app uses the file system
order), so the OVERALL row sums the sequences in name order, like our tool.
Output: OUT_DIR/<set>.json, convention "motmetrics", keys are motmetrics names,
the aggregate row is "OVERALL"; counts as integers, NaN/inf encoded as strings.
The LAP solver in use (mm.lap.default_solver) is recorded in the file.
"""

import glob
import importlib.metadata
import math
import os
import sys
from collections import OrderedDict
from pathlib import Path

import motmetrics as mm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import MOTMETRICS_EXTRA, MOTMETRICS_INT_KEYS, write_results  # noqa: E402


def evaluate(set_dir):
    """Return {name: {metric: value}} including 'OVERALL' (the app's steps, sorted globs)."""
    gtfiles = sorted(glob.glob(os.path.join(set_dir, 'gt', '*/gt/gt.txt')))
    tsfiles = sorted(f for f in glob.glob(os.path.join(set_dir, 'tracker', '*.txt'))
                     if not os.path.basename(f).startswith('eval'))
    gt = OrderedDict([(Path(f).parts[-3], mm.io.loadtxt(f, fmt='mot15-2D', min_confidence=1)) for f in gtfiles])
    ts = OrderedDict([(os.path.splitext(Path(f).parts[-1])[0], mm.io.loadtxt(f, fmt='mot15-2D')) for f in tsfiles])
    accs, names = [], []
    for k, tsacc in ts.items():
        if k in gt:
            accs.append(mm.utils.compare_to_groundtruth(gt[k], tsacc, 'iou', distth=0.5))
            names.append(k)
    mh = mm.metrics.create()
    metrics = list(mm.metrics.motchallenge_metrics) + MOTMETRICS_EXTRA
    summary = mh.compute_many(accs, names=names, metrics=metrics, generate_overall=True)
    results = {}
    for name, row in summary.iterrows():
        results[str(name)] = {k: _number(k, row[k]) for k in metrics}
    return results


def _number(key, v):
    v = v.item() if hasattr(v, 'item') else v
    if key in MOTMETRICS_INT_KEYS and isinstance(v, float) and math.isfinite(v) and v.is_integer():
        return int(v)
    return v


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    version = importlib.metadata.version('motmetrics')
    for set_dir in sys.argv[2:]:
        name = os.path.basename(os.path.normpath(set_dir))
        path = os.path.join(out_dir, name + '.json')
        try:
            results = evaluate(set_dir)
        except Exception as err:
            msg = '%s: %s' % (type(err).__name__, err)
            write_results(path, 'motmetrics', version, 'motmetrics', error=msg)
            print('motmetrics %-14s error: %s' % (name, msg))
            continue
        write_results(path, 'motmetrics', version, 'motmetrics', results,
                      extra={'lap_solver': mm.lap.default_solver})
        print('motmetrics %-14s %d sequences' % (name, len(results) - 1))


if __name__ == '__main__':
    main()
