#!/usr/bin/env python3
"""Write every conformance case set in the benchmark layout, plus a manifest.

Usage (needs numpy; run it in the motmetrics venv so the TUD data is found):
    make_cases.py OUT_DIR [--tud-dir DIR]

Sets written under OUT_DIR (each `<set>/gt/<seq>/gt/gt.txt`,
`<set>/gt/<seq>/seqinfo.ini`, `<set>/tracker/<seq>.txt`):
  tud            TUD-Campus + TUD-Stadtmitte from the motmetrics wheel (640x480,
                 seqLength = highest gt frame).
  random-NN      seeded random sequences (numpy default_rng), 1-5 per set so
                 that COMBINED / OVERALL is exercised; >= 50 sequences in all.
  edge-<case>    the hand-made cases C1-C6, C11-C15 of Docs/spec.md#metric-edge-cases.
  gen-500x20     the generator (Docs/spec.md#metric-generator) at 500 frames x 20 objects, seed 0.
  error-<case>   invalid inputs C7a, C7b, C8, C9, C10, C16: our tool must exit 1
                 and name the file and line (or the sequence); TrackEval must fail.
OUT_DIR/manifest.json lists every set with its kind ("compare" or "error"), a
description and, for error sets, what the error message must mention.
"""

import argparse
import importlib.util
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'Benchmarks'))
from common import format_row, write_sequence  # noqa: E402
import generate_pairs  # noqa: E402

MIN_RANDOM_SEQUENCES = 60

# --------------------------------------------------------------------------- TUD


def find_tud_dir():
    spec = importlib.util.find_spec('motmetrics')
    if spec is None:
        sys.exit('make_cases.py: motmetrics is not importable; pass --tud-dir')
    return os.path.join(os.path.dirname(spec.origin), 'data')


def make_tud(out_dir, tud_dir):
    set_dir = os.path.join(out_dir, 'tud')
    for seq in ('TUD-Campus', 'TUD-Stadtmitte'):
        with open(os.path.join(tud_dir, seq, 'gt.txt')) as f:
            gt = [line.rstrip('\n') for line in f if line.strip()]
        with open(os.path.join(tud_dir, seq, 'test.txt')) as f:
            trk = [line.rstrip('\n') for line in f if line.strip()]
        seq_length = max(int(float(r.split(',')[0])) for r in gt)
        write_sequence(set_dir, seq, gt, trk, seq_length, 640, 480)
    return {'tud': {'kind': 'compare', 'description': 'TUD-Campus and TUD-Stadtmitte (motmetrics wheel data)'}}

# --------------------------------------------------------------------------- random


class RandomSequence:
    """One seeded random sequence built to hit the tricky paths of both tools.

    Every feature is switched on at random per sequence: exact ties (two gt
    objects or two tracker boxes with identical integer boxes), occlusion gaps,
    gt and tracker id reuse, id switches and swaps, frames without gt rows and
    frames without tracker rows, IoU exactly 0.5 (box halved along one side),
    gt conf 0 / -1 / fractional, tracker rows outside the gt frame range (but
    inside seqLength), fractional coordinates, files not sorted by frame, and
    completely empty gt or tracker files.
    """

    def __init__(self, seed):
        self.rng = rng = np.random.default_rng(seed)
        self.seed = seed
        self.n_frames = int(rng.integers(20, 151))
        self.n_objects = int(rng.integers(1, 13))
        self.first = int(rng.integers(1, 6))          # first frame with gt rows
        self.seq_length = self.first + self.n_frames - 1 + int(rng.integers(0, 8))
        self.fractional = rng.random() < 0.3
        self.p = {k: float(v) for k, v in zip(
            ('miss', 'switch', 'swap', 'fp', 'half', 'dup_trk', 'gap_gt', 'gap_trk', 'conf0', 'confm1'),
            rng.uniform([0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                        [0.3, 0.05, 0.05, 0.5, 0.15, 0.1, 0.1, 0.1, 0.1, 0.1]))}
        self.empty = rng.choice(['none', 'gt', 'tracker', 'conf0'], p=[0.88, 0.04, 0.04, 0.04])
        self.order = rng.choice(['frame', 'id', 'shuffled-frames'], p=[0.7, 0.2, 0.1])

    def _coord(self, v):
        if self.fractional:                         # one decimal: mostly not exact in binary
            return float(np.round(v + self.rng.uniform(-0.5, 0.5), 1))
        return float(v)

    def build(self):
        rng, p = self.rng, self.p
        gt, trk = [], []
        # gt ids: sometimes large / sparse, sometimes reused by a later object
        gt_ids = rng.choice(np.arange(0, 40 if rng.random() < 0.8 else 5000), self.n_objects, replace=False)
        next_trk = int(rng.integers(0, 3))
        last_frame = self.first + self.n_frames - 1
        objects = []
        for k in range(self.n_objects):
            start = int(rng.integers(self.first, last_frame + 1))
            end = int(rng.integers(start, last_frame + 1))
            if k == 0:
                start, end = self.first, last_frame        # gt spans the whole gt range
            w, h = float(rng.integers(10, 120)), float(2 * rng.integers(10, 80))   # even h: exact halves
            x, y = float(rng.integers(0, 600)), float(rng.integers(0, 400))
            objects.append({'id': int(gt_ids[k]), 'start': start, 'end': end, 'box': [x, y, w, h],
                            'trk': next_trk, 'hidden': 0})
            next_trk += 1
        # exact tie: a second object copies the first one's box for a while
        tie = self.n_objects >= 2 and rng.random() < 0.4
        # gt id reuse: the last object takes the id of one that ended earlier
        if self.n_objects >= 2 and rng.random() < 0.3:
            early = min(objects[:-1], key=lambda o: o['end'])
            late = objects[-1]
            if early['end'] < last_frame - 1 and early['id'] != late['id']:
                late['start'] = max(late['start'], early['end'] + 1)
                late['end'] = max(late['end'], late['start'])
                late['id'] = early['id']
        gap_gt = set(int(f) for f in np.flatnonzero(rng.random(self.seq_length + 1) < p['gap_gt']))
        gap_trk = set(int(f) for f in np.flatnonzero(rng.random(self.seq_length + 1) < p['gap_trk']))
        freed_trk = []                                  # tracker ids whose track has ended (reuse)

        for f in range(1, self.seq_length + 1):
            gt_frame, trk_frame, used_trk = [], [], set()
            for k, o in enumerate(objects):
                if not (o['start'] <= f <= o['end']):
                    if f == o['end'] + 1:
                        freed_trk.append(o['trk'])
                    continue
                o['box'][0] += float(rng.integers(-4, 5))
                o['box'][1] += float(rng.integers(-3, 4))
                if tie and k == 1 and f < self.first + 5:
                    o['box'] = list(objects[0]['box'])
                # occlusion gaps: two-state chain
                o['hidden'] = (rng.random() < 0.8) if o['hidden'] else (rng.random() < 0.05)
                if o['hidden'] or f in gap_gt:
                    continue
                x, y, w, h = o['box']
                x, y = self._coord(x), self._coord(y)
                r = rng.random()
                conf = 0 if r < p['conf0'] else (-1 if r < p['conf0'] + p['confm1'] else
                                                 (0.5 if r < p['conf0'] + p['confm1'] + 0.02 else 1))
                gt_frame.append((f, o['id'], x, y, w, h, conf))
                # the tracker's view of this object
                if rng.random() < p['switch']:
                    o['trk'] = freed_trk.pop(0) if freed_trk and rng.random() < 0.5 else next_trk
                    next_trk = max(next_trk, o['trk'] + 1)
                if rng.random() < p['miss'] or o['trk'] in used_trk:
                    continue
                mode = rng.random()
                if mode < p['half']:                    # IoU exactly 0.5
                    box = (x, y, w, h / 2)
                else:
                    box = (x + float(rng.integers(-3, 4)), y + float(rng.integers(-3, 4)),
                           max(1.0, w + float(rng.integers(-4, 5))), max(1.0, h + float(rng.integers(-4, 5))))
                trk_frame.append([f, o['trk'], box[0], box[1], box[2], box[3],
                                  float(rng.choice([1, 0.37, 0, -1]))])
                used_trk.add(o['trk'])
                if rng.random() < p['dup_trk']:         # a second tracker box identical to the first
                    trk_frame.append([f, 2000 + len(trk_frame)] + trk_frame[-1][2:])
            # id swaps between two tracked objects of this frame
            if len(trk_frame) >= 2 and rng.random() < p['swap']:
                a, b = rng.choice(len(trk_frame), 2, replace=False)
                trk_frame[a][1], trk_frame[b][1] = trk_frame[b][1], trk_frame[a][1]
            # false positives, also outside the gt frame range
            for _ in range(int(rng.poisson(p['fp']))):
                fp_id = 900 + int(rng.integers(0, 20))
                if all(r[1] != fp_id for r in trk_frame):
                    trk_frame.append([f, fp_id, float(rng.integers(0, 600)), float(rng.integers(0, 400)),
                                      float(rng.integers(5, 100)), float(rng.integers(5, 200)), 1])
            if f in gap_trk:
                trk_frame = []
            gt.extend(gt_frame)
            trk.extend(tuple(r) for r in trk_frame)
        return self._finish(gt, trk)

    def _finish(self, gt, trk):
        if self.empty == 'gt':
            gt = []
        elif self.empty == 'tracker':
            trk = []
        elif self.empty == 'conf0':
            gt = [r[:6] + (0,) for r in gt]
        if self.order == 'id':
            gt, trk = sorted(gt, key=lambda r: (r[1], r[0])), sorted(trk, key=lambda r: (r[1], r[0]))
        elif self.order == 'shuffled-frames':
            gt, trk = self._shuffle_frames(gt), self._shuffle_frames(trk)
        return [format_row(*r) for r in gt], [format_row(*r) for r in trk]

    def _shuffle_frames(self, rows):
        """Permute whole frames, keeping the row order inside each frame."""
        frames = sorted({r[0] for r in rows})
        perm = self.rng.permutation(len(frames))
        rank = {frames[i]: int(j) for i, j in enumerate(perm)}
        return sorted(rows, key=lambda r: rank[r[0]])


def make_random(out_dir):
    manifest, seed, set_no, total = {}, 1000, 0, 0
    while total < MIN_RANDOM_SEQUENCES:
        n_seq = 1 + set_no % 5
        name = 'random-%02d' % set_no
        kinds = []
        for s in range(n_seq):
            rs = RandomSequence(seed)
            gt, trk = rs.build()
            seq = 'RND-%04d' % seed
            write_sequence(os.path.join(out_dir, name), seq, gt, trk, rs.seq_length, 640, 480)
            kinds.append('%s(%d frames, %d obj, empty=%s, order=%s)' %
                         (seq, rs.seq_length, rs.n_objects, rs.empty, rs.order))
            seed += 1
        manifest[name] = {'kind': 'compare', 'description': 'random: ' + '; '.join(kinds)}
        total += n_seq
        set_no += 1
    return manifest

# --------------------------------------------------------------------------- hand-made cases

# All boxes y=0, h=100; a box is written as its x-interval [a, b].


def box_row(frame, obj_id, a, b, conf=1):
    return format_row(frame, obj_id, a, 0, b - a, 100, conf)


def track(obj_id, frames, a, b, conf=1):
    return [box_row(f, obj_id, a, b, conf) for f in frames]


EDGE_CASES = {
    # name: (description, gt rows, tracker rows, seqLength or None = max gt frame)
    'C1': ('gt tracked in exactly 4 of 5 frames (MT ratio 0.8)',
           track(1, range(1, 6), 0, 100), track(1, range(1, 5), 0, 100), None),
    'C2a': ('gt absent in frames 4-5, nothing else in those frames',
            track(1, [1, 2, 3, 6, 7, 8], 0, 100), track(1, [1, 2, 3, 6, 7, 8], 0, 100), None),
    'C2b': ('as C2a, but another tracked object keeps frames 4-5 non-empty',
            track(1, [1, 2, 3, 6, 7, 8], 0, 100) + track(2, range(1, 9), 500, 600),
            track(1, [1, 2, 3, 6, 7, 8], 0, 100) + track(2, range(1, 9), 500, 600), None),
    'C3a': ('gt present frames 1-5; tracker has no rows at all in frame 3',
            track(1, range(1, 6), 0, 100), track(1, [1, 2, 4, 5], 0, 100), None),
    'C3b': ('as C3a plus one far-away FP in frame 3',
            track(1, range(1, 6), 0, 100),
            sorted(track(1, [1, 2, 4, 5], 0, 100) + [box_row(3, 9, 1000, 1100)],
                   key=lambda r: int(r.split(',')[0])), None),
    'C4': ('A matched to h1 (f1-2), missed (f3), then h1 (IoU 0.6) and h2 (IoU 0.9) overlap A (f4-5); '
           'B tracked perfectly by h3 keeps every frame processed',
           track(1, range(1, 6), 0, 100) + track(2, range(1, 6), 500, 600),
           track(1, [1, 2], 0, 100) + track(1, [4, 5], 0, 60) + track(2, [4, 5], 0, 90)
           + track(3, range(1, 6), 500, 600), None),
    'C5': ('gt A=[0,100] B=[25,125] C=[50,150]; tracker X=[0,100] Y=[25,125] Z=[-25,75] '
           '(max weight vs max cardinality)',
           [box_row(1, 1, 0, 100), box_row(1, 2, 25, 125), box_row(1, 3, 50, 150)],
           [box_row(1, 1, 0, 100), box_row(1, 2, 25, 125), box_row(1, 3, -25, 75)], None),
    'C6': ('gt conf 1, -1, 0 (one row each), all tracked perfectly',
           [box_row(1, 1, 0, 100, 1), box_row(1, 2, 200, 300, -1), box_row(1, 3, 400, 500, 0)],
           [box_row(1, 1, 0, 100), box_row(1, 2, 200, 300), box_row(1, 3, 400, 500)], None),
    'C11': ('0-byte tracker file', track(1, [1, 2], 0, 100), [], None),
    'C12a': ('identical gt boxes in frame 1 (tie), objects separate in frame 2; tracker rows in gt order',
             [box_row(1, 1, 0, 100), box_row(1, 2, 0, 100), box_row(2, 1, 0, 100), box_row(2, 2, 300, 400)],
             [box_row(1, 1, 0, 100), box_row(1, 2, 0, 100), box_row(2, 1, 0, 100), box_row(2, 2, 300, 400)],
             None),
    'C12b': ('as C12a with the tracker rows of frame 1 swapped',
             [box_row(1, 1, 0, 100), box_row(1, 2, 0, 100), box_row(2, 1, 0, 100), box_row(2, 2, 300, 400)],
             [box_row(1, 2, 0, 100), box_row(1, 1, 0, 100), box_row(2, 1, 0, 100), box_row(2, 2, 300, 400)],
             None),
    'C13': ('tracker id 7 reused for a second gt object after the first ends',
            track(1, [1, 2, 3], 0, 100) + track(2, [4, 5, 6], 300, 400),
            track(7, [1, 2, 3], 0, 100) + track(7, [4, 5, 6], 300, 400), None),
    'C14': ('IoU exactly 0.5', [box_row(1, 1, 0, 100)], [box_row(1, 1, 0, 50)], None),
    'C15': ('all gt rows conf 0, tracker has 2 rows',
            track(1, [1, 2], 0, 100, conf=0), track(1, [1, 2], 0, 100), None),
}

# Error cases: (description, {seq: (gt rows, tracker rows or None=missing file, seqLength)},
#               what the message must name: (file kind 'gt'|'tracker'|'sequence', seq, line or None))
ERROR_CASES = {
    'C7a': ('the same tracker id twice in one frame',
            {'E': (track(1, [1, 2], 0, 100) + track(2, [1, 2], 300, 400),
                   [box_row(1, 1, 0, 100), box_row(1, 2, 300, 400), box_row(2, 1, 0, 100),
                    box_row(2, 1, 300, 400)], 2)},
            ('tracker', 'E', 4)),
    'C7b': ('the same gt id twice in one frame',
            {'E': ([box_row(1, 1, 0, 100), box_row(2, 1, 0, 100), box_row(2, 1, 300, 400)],
                   track(1, [1, 2], 0, 100), 2)},
            ('gt', 'E', 3)),
    'C8': ('one tracker box with NaN x',
           {'E': (track(1, [1, 2], 0, 100),
                  [box_row(1, 1, 0, 100), '2,1,nan,0,100,100,1,-1,-1,-1'], 2)},
           ('tracker', 'E', 2)),
    'C9': ('tracker row in frame 3 > seqLength 2',
           {'E': (track(1, [1, 2], 0, 100), track(1, [1, 2, 3], 0, 100), 2)},
           ('tracker', 'E', 3)),
    'C10': ('tracker row with frame 0',
            {'E': (track(1, [1, 2], 0, 100), track(1, [0, 1, 2], 0, 100), 2)},
            ('tracker', 'E', 1)),
    'C16': ('two sequences, the tracker file of one is missing',
            {'E1': (track(1, [1, 2], 0, 100), track(1, [1, 2], 0, 100), 2),
             'E2': (track(1, [1, 2], 0, 100), None, 2)},
            ('sequence', 'E2', None)),
}


def make_edge(out_dir):
    manifest = {}
    for case, (desc, gt, trk, seq_length) in EDGE_CASES.items():
        name = 'edge-' + case
        if seq_length is None:
            seq_length = max(int(r.split(',')[0]) for r in gt)
        write_sequence(os.path.join(out_dir, name), case, gt, trk, seq_length, 1920, 1080)
        manifest[name] = {'kind': 'compare', 'description': case + ': ' + desc}
    for case, (desc, seqs, (what, seq, line)) in ERROR_CASES.items():
        name = 'error-' + case
        for s, (gt, trk, seq_length) in seqs.items():
            write_sequence(os.path.join(out_dir, name), s, gt, trk or [], seq_length, 1920, 1080,
                           write_tracker=trk is not None)
        file = {'gt': 'gt/%s/gt/gt.txt' % seq, 'tracker': 'tracker/%s.txt' % seq, 'sequence': None}[what]
        manifest[name] = {'kind': 'error', 'description': case + ': ' + desc,
                          'expect': {'file': file, 'line': line, 'sequence': seq}}
    return manifest


def make_generated(out_dir):
    name = 'gen-500x20'
    stats = generate_pairs.write_pair(os.path.join(out_dir, name), 500, 20, 0)
    return {name: {'kind': 'compare', 'description': 'generator of Docs/spec.md#metric-generator, 500 frames x 20 objects, seed 0 '
                   '(%d gt rows, %d tracker rows)' % (stats['gt_rows'], stats['tracker_rows'])}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out_dir')
    ap.add_argument('--tud-dir', help='folder holding TUD-Campus/ and TUD-Stadtmitte/ (default: motmetrics/data)')
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    manifest = {}
    manifest.update(make_tud(args.out_dir, args.tud_dir or find_tud_dir()))
    manifest.update(make_random(args.out_dir))
    manifest.update(make_edge(args.out_dir))
    manifest.update(make_generated(args.out_dir))
    with open(os.path.join(args.out_dir, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
    n_cmp = sum(1 for m in manifest.values() if m['kind'] == 'compare')
    print('make_cases: %d comparison sets, %d error sets in %s' % (n_cmp, len(manifest) - n_cmp, args.out_dir))


if __name__ == '__main__':
    main()
