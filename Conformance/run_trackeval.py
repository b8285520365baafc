#!/usr/bin/env python3
"""Reference runner: TrackEval 1.3.0 on benchmark-layout case sets.

Usage (in the TrackEval venv):
    run_trackeval.py OUT_DIR SET_DIR [SET_DIR ...]

For every SET_DIR (benchmark layout, see common.py) it
1. builds TrackEval's MOT15 layout under OUT_DIR/layout/<set>/ from symlinks:
       gt/seqmaps/MOT15-train.txt                   ("name" header, one sequence a line)
       gt/MOT15-train/<seq>/gt/gt.txt, seqinfo.ini
       trackers/MOT15-train/case/data/<seq>.txt    (left out when the set has no tracker file)
2. runs trackeval.Evaluator with MotChallenge2DBox (BENCHMARK='MOT15',
   SPLIT_TO_EVAL='train', DO_PREPROC=False) and the metrics HOTA(),
   CLEAR({'THRESHOLD': 0.5}), Identity({'THRESHOLD': 0.5}); single core, no
   printing, plotting or output files (TrackEval's own chatter goes to stderr);
3. writes OUT_DIR/<set>.json in the harness result format (common.write_results),
   convention "trackeval": per sequence and "COMBINED" (TrackEval's COMBINED_SEQ,
   class pedestrian) every CLEAR and Identity field, the HOTA-family scalars
   (arithmetic mean over the 19 alphas, computed with numpy.mean exactly as
   TrackEval's summaries do), HOTA(0), LocA(0), HOTALocA(0), and under "alpha"
   the 19-element arrays (including HOTA_TP / HOTA_FN / HOTA_FP).
If TrackEval raises, the file holds {"error": "<exception text>"} instead and the
runner carries on with the next set (error sets are expected to fail).
"""

import contextlib
import importlib.metadata
import os
import shutil
import sys

import numpy as np
import trackeval

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (CLEAR_FLOATS, CLEAR_INTS, HOTA_FLOAT_ARRAYS, HOTA_INT_ARRAYS,  # noqa: E402
                    HOTA_SCALARS, IDENTITY_FLOATS, IDENTITY_INTS, list_sequences, write_results)

TRACKER = 'case'
SPLIT = 'MOT15-train'


def build_layout(set_dir, layout_dir):
    """Symlink a benchmark-layout set into TrackEval's MOT15 folder structure."""
    shutil.rmtree(layout_dir, ignore_errors=True)
    seqs = list_sequences(set_dir)
    os.makedirs(os.path.join(layout_dir, 'gt', 'seqmaps'))
    with open(os.path.join(layout_dir, 'gt', 'seqmaps', SPLIT + '.txt'), 'w') as f:
        f.write('name\n' + ''.join(s + '\n' for s in seqs))
    trk_data = os.path.join(layout_dir, 'trackers', SPLIT, TRACKER, 'data')
    os.makedirs(trk_data)
    for seq in seqs:
        src = os.path.abspath(os.path.join(set_dir, 'gt', seq))
        dst = os.path.join(layout_dir, 'gt', SPLIT, seq)
        os.makedirs(os.path.join(dst, 'gt'))
        os.symlink(os.path.join(src, 'gt', 'gt.txt'), os.path.join(dst, 'gt', 'gt.txt'))
        os.symlink(os.path.join(src, 'seqinfo.ini'), os.path.join(dst, 'seqinfo.ini'))
        trk = os.path.abspath(os.path.join(set_dir, 'tracker', seq + '.txt'))
        if os.path.isfile(trk):
            os.symlink(trk, os.path.join(trk_data, seq + '.txt'))


def evaluate(layout_dir):
    """Run TrackEval exactly as the MOTChallenge runner would; return res[seq][cls][metric]."""
    eval_config = trackeval.Evaluator.get_default_eval_config()
    eval_config.update({'USE_PARALLEL': False, 'BREAK_ON_ERROR': True, 'LOG_ON_ERROR': None,
                        'PRINT_RESULTS': False, 'PRINT_CONFIG': False, 'TIME_PROGRESS': False,
                        'OUTPUT_SUMMARY': False, 'OUTPUT_DETAILED': False, 'PLOT_CURVES': False})
    dataset_config = trackeval.datasets.MotChallenge2DBox.get_default_dataset_config()
    dataset_config.update({'GT_FOLDER': os.path.join(layout_dir, 'gt'),
                           'TRACKERS_FOLDER': os.path.join(layout_dir, 'trackers'),
                           'OUTPUT_FOLDER': os.path.join(layout_dir, 'output'),
                           'TRACKERS_TO_EVAL': [TRACKER], 'BENCHMARK': 'MOT15',
                           'SPLIT_TO_EVAL': 'train', 'DO_PREPROC': False, 'PRINT_CONFIG': False})
    metrics = [trackeval.metrics.HOTA(),
               trackeval.metrics.CLEAR({'THRESHOLD': 0.5, 'PRINT_CONFIG': False}),
               trackeval.metrics.Identity({'THRESHOLD': 0.5, 'PRINT_CONFIG': False})]
    evaluator = trackeval.Evaluator(eval_config)
    dataset = trackeval.datasets.MotChallenge2DBox(dataset_config)
    output_res, _ = evaluator.evaluate([dataset], metrics)
    return output_res['MotChallenge2DBox'][TRACKER]


def extract(metric_res):
    """Flatten one sequence's {HOTA, CLEAR, Identity} dicts into the harness field set."""
    hota, clear, ident = metric_res['HOTA'], metric_res['CLEAR'], metric_res['Identity']
    out = {}
    for k in HOTA_FLOAT_ARRAYS:
        out[k] = float(np.mean(hota[k]))
    for k in HOTA_SCALARS:
        out[k] = float(hota[k])
    for k in CLEAR_FLOATS:
        out[k] = float(clear[k])
    for k in CLEAR_INTS:
        out[k] = int(clear[k])
    for k in IDENTITY_FLOATS:
        out[k] = float(ident[k])
    for k in IDENTITY_INTS:
        out[k] = int(ident[k])
    alpha = {k: [float(v) for v in hota[k]] for k in HOTA_FLOAT_ARRAYS}
    alpha.update({k: [int(v) for v in hota[k]] for k in HOTA_INT_ARRAYS})
    out['alpha'] = alpha
    return out


def run_set(set_dir, out_dir):
    name = os.path.basename(os.path.normpath(set_dir))
    layout = os.path.join(out_dir, 'layout', name)
    build_layout(set_dir, layout)
    version = importlib.metadata.version('trackeval')
    try:
        with contextlib.redirect_stdout(sys.stderr):
            res = evaluate(layout)
    except Exception as err:  # error sets are expected to land here
        msg = '%s: %s' % (type(err).__name__, err)
        write_results(os.path.join(out_dir, name + '.json'), 'trackeval', version, 'trackeval', error=msg)
        return name, 'error: ' + msg
    results = {('COMBINED' if seq == 'COMBINED_SEQ' else seq): extract(r['pedestrian'])
               for seq, r in res.items()}
    write_results(os.path.join(out_dir, name + '.json'), 'trackeval', version, 'trackeval', results)
    return name, '%d sequences' % (len(results) - 1)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for set_dir in sys.argv[2:]:
        name, status = run_set(set_dir, out_dir)
        print('trackeval  %-14s %s' % (name, status))


if __name__ == '__main__':
    main()
