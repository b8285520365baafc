#!/usr/bin/env python3
"""Compare our results with the reference tools' results (plain python3, no numpy).

Usage:
  compare.py --cases CASES_DIR --ref REF_DIR --ours OURS_DIR [--conventions trackeval,motmetrics]
             [--extra CHECK.json ...]
      Every comparison set of CASES_DIR/manifest.json, for each convention:
      REF_DIR/<convention>/<set>.json (reference) against OURS_DIR/<convention>/<set>.json.
      Every OURS_DIR/pair/<set>.json (single-pair mode, --gt/--hyp, on one-sequence
      sets): its sequence row against REF_DIR/trackeval/<set>.json.
      Every error set: OURS_DIR/errors/<set>.rc and .stderr (our exit code and message)
      and REF_DIR/trackeval/<set>.json (TrackEval must have failed too).
      --extra adds the counts of other checks ({"name", "compared", "differed"}),
      e.g. the HDF5 read-back of read_results_h5.py.
  compare.py --pair OURS.json REF.json
      Compare two result files of the same convention (used by the benchmark).
  compare.py --cross TRACKEVAL.json MOTMETRICS.json
      Harness self-check: the metrics both reference tools share, on data where
      Docs/spec.md#metric-tool-differences says they agree (TUD). motmetrics' motp is a distance, so it is
      compared as 1 - motp against TrackEval's MOTP; TrackEval's CLR_TP is
      motmetrics' num_detections (matches + switches), not num_matches.

Rules: every key the reference reports (per sequence and for the aggregate row)
must be present in ours. Counts (see common.*_INT_KEYS) must be exactly equal;
other numbers must satisfy |a-b| <= 1e-12 * max(1, |a|, |b|); NaN equals NaN and
infinities must agree in sign. A sequence we report that the reference does not
is one difference. Each difference is printed as: set, sequence, key, ours, theirs.
An error check counts as a compared value: for each error set, (1) we exit with
code 1, (2) our message names the file (or, for a missing file, the sequence),
(3) it names the line number when the case has one, (4) TrackEval failed as well.
The last line is `conformance: N values compared, D differed`; exit status 1 if D > 0.
"""

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CONVENTIONS, base_key, decode_number, flatten, read_results, values_equal  # noqa: E402

MAX_PRINTED = 25          # differences printed per set and convention

CROSS_MAP = {  # TrackEval field -> (motmetrics metric, transform of the motmetrics value)
    'MOTA': ('mota', None), 'CLR_Re': ('recall', None), 'CLR_Pr': ('precision', None),
    'IDF1': ('idf1', None), 'IDP': ('idp', None), 'IDR': ('idr', None),
    'CLR_TP': ('num_detections', None), 'CLR_FP': ('num_false_positives', None),
    'CLR_FN': ('num_misses', None), 'IDSW': ('num_switches', None),
    'Frag': ('num_fragmentations', None), 'MT': ('mostly_tracked', None),
    'PT': ('partially_tracked', None), 'ML': ('mostly_lost', None),
    'IDTP': ('idtp', None), 'IDFP': ('idfp', None), 'IDFN': ('idfn', None),
    'CLR_Frames': ('num_frames', None), 'MOTP': ('motp', lambda d: 1.0 - d),
}


class Tally:
    """Counts and prints differences, grouped by (convention, set)."""

    def __init__(self):
        self.compared = self.differed = 0
        self.rows = []            # (group, set, compared, differed)

    def start(self, group, set_name):
        self.group, self.set_name, self.c, self.d, self.printed = group, set_name, 0, 0, 0

    def check(self, ok, seq, key, ours, theirs):
        self.c += 1
        if not ok:
            self.d += 1
            if self.printed < MAX_PRINTED:
                print('  DIFF %-10s %-14s %-16s %-22s ours=%-24r theirs=%r'
                      % (self.group, self.set_name, seq, key, ours, theirs))
            self.printed += 1

    def fail_many(self, n, seq, why):
        """A whole block of reference values that could not be compared."""
        self.c += n
        self.d += n
        print('  DIFF %-10s %-14s %-16s %s (%d values)' % (self.group, self.set_name, seq, why, n))

    def finish(self):
        if self.printed > MAX_PRINTED:
            print('  ... %d more differences in %s %s' % (self.printed - MAX_PRINTED, self.group, self.set_name))
        self.rows.append((self.group, self.set_name, self.c, self.d))
        self.compared += self.c
        self.differed += self.d

    def add_extra(self, name, compared, differed):
        self.rows.append(('extra', name, compared, differed))
        self.compared += compared
        self.differed += differed

    def report(self, label='conformance'):
        groups = []
        for g, _, _, _ in self.rows:
            if g not in groups:
                groups.append(g)
        for g in groups:
            rows = [r for r in self.rows if r[0] == g]
            for _, s, c, d in rows:
                print('%-10s %-14s %7d values compared, %d differed' % (g, s, c, d))
            print('%-10s %-14s %7d values compared, %d differed'
                  % (g, 'TOTAL', sum(r[2] for r in rows), sum(r[3] for r in rows)))
        print('%s: %d values compared, %d differed' % (label, self.compared, self.differed))


def compare_docs(tally, ours_doc, ref_doc, convention):
    """Compare two result documents of one convention, key by key."""
    int_keys = CONVENTIONS[convention]['int_keys']
    ref_results = ref_doc.get('results')
    if ref_results is None:
        tally.fail_many(1, '-', 'reference failed: %s' % ref_doc.get('error'))
        return
    if ours_doc is None or 'results' not in ours_doc:
        why = 'our result missing' if ours_doc is None else 'our tool failed: %s' % ours_doc.get('error')
        tally.fail_many(sum(len(flatten(r)) for r in ref_results.values()), '*', why)
        return
    ours_results = ours_doc['results']
    for seq, ref_res in ref_results.items():
        ref_flat = flatten(ref_res)
        if seq not in ours_results:
            tally.fail_many(len(ref_flat), seq, 'sequence missing in ours')
            continue
        ours_flat = flatten(ours_results[seq])
        for key, theirs in ref_flat.items():
            if key not in ours_flat:
                tally.check(False, seq, key, '<missing>', theirs)
                continue
            ours = ours_flat[key]
            tally.check(values_equal(ours, theirs, base_key(key) in int_keys), seq, key, ours, theirs)
    for seq in ours_results:
        if seq not in ref_results:
            tally.check(False, seq, '<sequence>', 'reported', 'absent')


def compare_single_pair(tally, ours, ref):
    """`score-mot --gt --hyp` on a one-sequence set: its sequence row against TrackEval's."""
    if ref is None or 'results' not in ref:
        tally.fail_many(1, '-', 'reference result missing')
        return
    seq = next(k for k in ref['results'] if k != 'COMBINED')
    only = {'results': {seq: ref['results'][seq]}}
    if ours is not None and 'results' in ours:
        ours = {'results': {k: v for k, v in ours['results'].items() if k == seq}}
    compare_docs(tally, ours, only, 'trackeval')


def load_optional(path):
    """A result document, None if the file is absent, or an error document if it is unreadable."""
    if not os.path.isfile(path):
        return None
    try:
        return read_results(path)
    except ValueError as err:
        stderr_path = os.path.splitext(path)[0] + '.stderr'
        tail = open(stderr_path, errors='replace').read().strip()[-300:] if os.path.isfile(stderr_path) else ''
        return {'error': 'unreadable result file (%s); stderr: %s' % (err, tail)}


def check_error_set(tally, cases_dir, ref_dir, ours_dir, set_name, expect):
    """The four checks of one error set (see module doc)."""
    rc_path = os.path.join(ours_dir, 'errors', set_name + '.rc')
    err_path = os.path.join(ours_dir, 'errors', set_name + '.stderr')
    rc = open(rc_path).read().strip() if os.path.isfile(rc_path) else '<not run>'
    stderr = open(err_path, errors='replace').read() if os.path.isfile(err_path) else ''
    message = stderr.strip().splitlines()[-1] if stderr.strip() else ''
    tally.check(rc == '1', '-', 'exit code', rc, '1')
    if expect['file']:
        name = os.path.basename(expect['file'])
        tally.check(name in stderr, '-', 'names file', message, name)
    else:
        tally.check(expect['sequence'] in stderr, '-', 'names sequence', message, expect['sequence'])
    if expect['line'] is not None:
        pattern = r'(line\s*|:)%d\b' % expect['line']
        tally.check(re.search(pattern, stderr) is not None, '-', 'names line', message, expect['line'])
    ref = load_optional(os.path.join(ref_dir, 'trackeval', set_name + '.json'))
    tally.check(ref is not None and 'error' in ref, '-', 'TrackEval fails',
                'results' if ref and 'results' in ref else 'error', ref.get('error') if ref else '<missing>')


def run_suite(args):
    with open(os.path.join(args.cases, 'manifest.json')) as f:
        manifest = json.load(f)
    tally = Tally()
    for convention in args.conventions.split(','):
        for set_name in sorted(manifest):
            if manifest[set_name]['kind'] != 'compare':
                continue
            tally.start(convention, set_name)
            ref = load_optional(os.path.join(args.ref, convention, set_name + '.json'))
            ours = load_optional(os.path.join(args.ours, convention, set_name + '.json'))
            if ref is None:
                tally.fail_many(1, '-', 'reference result missing')
            else:
                compare_docs(tally, ours, ref, convention)
            tally.finish()
    pair_dir = os.path.join(args.ours, 'pair')
    pair_files = sorted(f for f in os.listdir(pair_dir) if f.endswith('.json')) if os.path.isdir(pair_dir) else []
    for fname in pair_files:
        set_name = os.path.splitext(fname)[0]
        tally.start('pair', set_name)
        compare_single_pair(tally, load_optional(os.path.join(pair_dir, fname)),
                            load_optional(os.path.join(args.ref, 'trackeval', fname)))
        tally.finish()
    for set_name in sorted(manifest):
        if manifest[set_name]['kind'] == 'error':
            tally.start('errors', set_name)
            check_error_set(tally, args.cases, args.ref, args.ours, set_name, manifest[set_name]['expect'])
            tally.finish()
    for path in args.extra or []:
        if os.path.isfile(path):
            extra = read_results(path)
            tally.add_extra(extra['name'], extra['compared'], extra['differed'])
        else:
            print('  DIFF extra check result missing: %s' % path)
            tally.add_extra(os.path.basename(path), 1, 1)
    tally.report()
    return tally


def run_pair(ours_path, ref_path):
    ours, ref = read_results(ours_path), read_results(ref_path)
    convention = ref.get('convention', 'trackeval')
    tally = Tally()
    tally.start(convention, os.path.splitext(os.path.basename(ref_path))[0])
    compare_docs(tally, ours, ref, convention)
    tally.finish()
    tally.report('compare')
    return tally


def run_cross(te_path, mm_path):
    """TrackEval vs motmetrics on their shared metrics (harness self-check)."""
    te, mm = read_results(te_path), read_results(mm_path)
    tally = Tally()
    tally.start('cross', os.path.splitext(os.path.basename(te_path))[0])
    te_res, mm_res = te['results'], mm['results']
    for te_seq, res in te_res.items():
        mm_seq = 'OVERALL' if te_seq == 'COMBINED' else te_seq
        for te_key, (mm_key, transform) in CROSS_MAP.items():
            theirs = decode_number(res[te_key])
            ours = decode_number(mm_res[mm_seq][mm_key])
            if transform:
                ours = transform(ours)
            integer = te_key in CONVENTIONS['trackeval']['int_keys']
            tally.check(values_equal(ours, theirs, integer), te_seq, '%s/%s' % (te_key, mm_key), ours, theirs)
    tally.finish()
    tally.report('reference cross-check')
    return tally


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases')
    ap.add_argument('--ref')
    ap.add_argument('--ours')
    ap.add_argument('--conventions', default='trackeval,motmetrics')
    ap.add_argument('--extra', action='append')
    ap.add_argument('--pair', nargs=2, metavar=('OURS', 'REF'))
    ap.add_argument('--cross', nargs=2, metavar=('TRACKEVAL', 'MOTMETRICS'))
    args = ap.parse_args()
    if args.pair:
        tally = run_pair(*args.pair)
    elif args.cross:
        tally = run_cross(*args.cross)
    elif args.cases and args.ref and args.ours:
        tally = run_suite(args)
    else:
        ap.error('give --cases/--ref/--ours, --pair or --cross')
    sys.exit(1 if tally.differed else 0)


if __name__ == '__main__':
    main()
