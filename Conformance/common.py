"""Shared helpers for the SpatialEval conformance harness and the tracking benchmark.

Everything here is plain Python 3 (no numpy), so it can be imported from the
case generator, both reference runners (each in its own venv), the comparer and
the HDF5 reader.

Contents
--------
* The "benchmark layout" every case set is written in:
      <set>/gt/<seq>/gt/gt.txt
      <set>/gt/<seq>/seqinfo.ini          ([Sequence] name, seqLength, imWidth, imHeight)
      <set>/tracker/<seq>.txt
  (`write_sequence`, `list_sequences`, `read_seqinfo`).
* MOTChallenge row formatting (`format_row`).
* The result-file format shared by all tools (`write_results`, `read_results`):
      {"tool": ..., "version": ..., "convention": "trackeval" | "motmetrics",
       "results": {"<seq>": {...}, "COMBINED" | "OVERALL": {...}}}
  Non-finite numbers are written as the strings "NaN", "Infinity", "-Infinity".
  A set on which a tool failed is written as {"tool": ..., "error": "<message>"}.
* The field names of both conventions and which of them are integer counts.
"""

import configparser
import json
import math
import os

# --------------------------------------------------------------------------- fields

#: TrackEval HOTA per-alpha arrays (19 values each); the scalar with the same
#: name is the arithmetic mean over the alphas (for the float arrays).
HOTA_FLOAT_ARRAYS = ['HOTA', 'DetA', 'AssA', 'DetRe', 'DetPr', 'AssRe', 'AssPr', 'LocA', 'OWTA']
HOTA_INT_ARRAYS = ['HOTA_TP', 'HOTA_FN', 'HOTA_FP']
HOTA_SCALARS = ['HOTA(0)', 'LocA(0)', 'HOTALocA(0)']
CLEAR_FLOATS = ['MOTA', 'MOTP', 'MODA', 'CLR_Re', 'CLR_Pr', 'MTR', 'PTR', 'MLR', 'sMOTA',
                'CLR_F1', 'FP_per_frame', 'MOTAL', 'MOTP_sum']
CLEAR_INTS = ['CLR_TP', 'CLR_FN', 'CLR_FP', 'IDSW', 'MT', 'PT', 'ML', 'Frag', 'CLR_Frames']
IDENTITY_FLOATS = ['IDF1', 'IDR', 'IDP']
IDENTITY_INTS = ['IDTP', 'IDFN', 'IDFP']

TRACKEVAL_INT_KEYS = set(CLEAR_INTS + IDENTITY_INTS + ['alpha.' + k for k in HOTA_INT_ARRAYS])

#: motmetrics metric names reported by the harness (the eval_motchallenge list
#: plus the extra counts requested in the brief).
MOTMETRICS_METRICS = ['idf1', 'idp', 'idr', 'recall', 'precision', 'num_unique_objects',
                      'mostly_tracked', 'partially_tracked', 'mostly_lost', 'num_false_positives',
                      'num_misses', 'num_switches', 'num_fragmentations', 'mota', 'motp',
                      'num_transfer', 'num_ascend', 'num_migrate']
MOTMETRICS_EXTRA = ['num_frames', 'idtp', 'idfp', 'idfn', 'num_objects', 'num_predictions',
                    'num_matches', 'num_detections']
MOTMETRICS_INT_KEYS = set(['num_unique_objects', 'mostly_tracked', 'partially_tracked', 'mostly_lost',
                           'num_false_positives', 'num_misses', 'num_switches', 'num_fragmentations',
                           'num_transfer', 'num_ascend', 'num_migrate'] + MOTMETRICS_EXTRA)

CONVENTIONS = {
    'trackeval': {'combined': 'COMBINED', 'int_keys': TRACKEVAL_INT_KEYS},
    'motmetrics': {'combined': 'OVERALL', 'int_keys': MOTMETRICS_INT_KEYS},
}

# --------------------------------------------------------------------------- layout


def format_number(v):
    """Shortest text that parses back to exactly `v` ("12" for integral values)."""
    v = float(v)
    if v.is_integer():
        return str(int(v))
    return repr(v)


def format_row(frame, obj_id, x, y, w, h, conf, c8=-1, c9=-1, c10=-1):
    """One MOTChallenge text row: frame,id,x,y,w,h,conf,c8,c9,c10."""
    return ','.join(format_number(v) for v in (frame, obj_id, x, y, w, h, conf, c8, c9, c10))


def write_sequence(set_dir, seq, gt_rows, trk_rows, seq_length, width=1920, height=1080,
                   write_tracker=True):
    """Write one sequence of a benchmark-layout set.

    gt_rows / trk_rows are sequences of already formatted text rows (see
    `format_row`) or of tuples accepted by `format_row`. An empty list gives a
    0-byte file. `write_tracker=False` leaves the tracker file out (error case C16).
    """
    seq_dir = os.path.join(set_dir, 'gt', seq)
    os.makedirs(os.path.join(seq_dir, 'gt'), exist_ok=True)
    os.makedirs(os.path.join(set_dir, 'tracker'), exist_ok=True)
    _write_rows(os.path.join(seq_dir, 'gt', 'gt.txt'), gt_rows)
    with open(os.path.join(seq_dir, 'seqinfo.ini'), 'w') as f:
        f.write('[Sequence]\nname=%s\nseqLength=%d\nimWidth=%d\nimHeight=%d\n'
                % (seq, seq_length, width, height))
    if write_tracker:
        _write_rows(os.path.join(set_dir, 'tracker', seq + '.txt'), trk_rows)


def _write_rows(path, rows):
    with open(path, 'w') as f:
        for r in rows:
            f.write((r if isinstance(r, str) else format_row(*r)) + '\n')


def list_sequences(set_dir):
    """Sorted sequence names of a benchmark-layout set (those with a gt.txt)."""
    gt_root = os.path.join(set_dir, 'gt')
    return sorted(s for s in os.listdir(gt_root)
                  if os.path.isfile(os.path.join(gt_root, s, 'gt', 'gt.txt')))


def read_seqinfo(set_dir, seq):
    ini = configparser.ConfigParser()
    ini.read(os.path.join(set_dir, 'gt', seq, 'seqinfo.ini'))
    return {k: ini['Sequence'][k] for k in ini['Sequence']}


def list_sets(cases_dir, kind=None):
    """Sorted case-set directories under cases_dir (optionally only one kind prefix)."""
    names = sorted(d for d in os.listdir(cases_dir) if os.path.isdir(os.path.join(cases_dir, d, 'gt')))
    return [n for n in names if kind is None or n.startswith(kind)]

# --------------------------------------------------------------------------- results files


def _encode(v):
    """JSON-ready copy of a result value: numpy scalars/arrays to Python, non-finite to strings."""
    if isinstance(v, dict):
        return {str(k): _encode(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    if hasattr(v, 'tolist'):  # numpy scalar or array
        return _encode(v.tolist())
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        if math.isnan(v):
            return 'NaN'
        if math.isinf(v):
            return 'Infinity' if v > 0 else '-Infinity'
        return v
    return v


def decode_number(v):
    """Inverse of the non-finite encoding; leaves ints and floats alone."""
    if isinstance(v, str):
        return {'NaN': math.nan, 'Infinity': math.inf, '-Infinity': -math.inf}[v]
    return v


def write_results(path, tool, version, convention, results=None, error=None, extra=None):
    doc = {'tool': tool, 'version': version, 'convention': convention}
    if error is not None:
        doc['error'] = error
    else:
        doc['results'] = _encode(results)
    if extra:
        doc.update(_encode(extra))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, 'w') as f:
        json.dump(doc, f, indent=1, sort_keys=False, allow_nan=False)
        f.write('\n')


def read_results(path):
    with open(path) as f:
        return json.load(f)


def flatten(result):
    """{'MOTA': 1, 'alpha': {'HOTA': [..19..]}} -> {'MOTA': 1, 'alpha.HOTA[0]': .., ...}."""
    flat = {}

    def walk(prefix, v):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(prefix + '.' + k if prefix else k, x)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk('%s[%d]' % (prefix, i), x)
        else:
            flat[prefix] = decode_number(v)
    walk('', result)
    return flat


def base_key(flat_key):
    """'alpha.HOTA_TP[3]' -> 'alpha.HOTA_TP' (used to look up integer-ness)."""
    return flat_key.split('[', 1)[0]


def values_equal(a, b, integer, rel=1e-12):
    """The comparison rule of the harness.

    integers: exactly equal (and integral); floats: |a-b| <= rel*max(1,|a|,|b|);
    NaN equals NaN; infinities must match in sign.
    """
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) \
            or not isinstance(b, (int, float)):
        return False
    if integer:
        return float(a).is_integer() and float(b).is_integer() and int(a) == int(b)
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))
