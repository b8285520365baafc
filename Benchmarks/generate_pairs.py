#!/usr/bin/env python3
"""Seeded synthetic MOTChallenge gt/tracker pairs (the model of Docs/spec.md#metric-generator).

Usage:
    generate_pairs.py OUT_DIR [--sizes 500x20,2000x50,5000x100] [--seed 0]

For each size FRAMESxOBJECTS it writes one benchmark-layout set
OUT_DIR/<FRAMES>x<OBJECTS>/ holding one sequence `SYN-<FRAMES>x<OBJECTS>`
(gt/<seq>/gt/gt.txt, gt/<seq>/seqinfo.ini, tracker/<seq>.txt) plus params.json.

Model (all randomness from numpy.random.default_rng(seed); draws are made per
frame as whole-population arrays, in a fixed order, so the output depends only
on the seed and the size):
* N gt objects (ids 1..N) move in a 1920x1080 image with a random-walk velocity,
  bouncing off the borders. Box width 30-120 px, height 2-3x the width.
* Visibility is a two-state Markov chain: a visible object hides with p=1/120 per
  frame (mean visible run 120), a hidden one re-appears with p=1/40 (mean hidden 40).
  Hidden objects have no gt row.
* Tracker misses: p=0.05 per visible frame, plus bursts of 2-8 missed frames that
  start with p=0.005.
* Jitter of the tracker box: normal, sd 4% of the box size; with p=0.03 the sd is 35%.
* The tracker id of an object changes to a fresh id with p=0.3 when the object
  re-appears after being hidden, and with p=0.2 after a burst.
* Id swaps: with p=0.002*N per frame two visible objects exchange tracker ids.
* Spurious tracks: Poisson(0.005*N) start per frame, each lasting 5-60 frames,
  each with a fresh tracker id and its own random-walk box.
Coordinates are rounded to 2 decimals.
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Conformance'))
from common import format_row, write_sequence  # noqa: E402

WIDTH, HEIGHT = 1920, 1080
PARAMS = {
    'image': [WIDTH, HEIGHT], 'mean_visible_run': 120, 'mean_hidden_run': 40,
    'p_miss': 0.05, 'p_burst_start': 0.005, 'burst_len': [2, 8],
    'jitter_sd': 0.04, 'p_big_jitter': 0.03, 'big_jitter_sd': 0.35,
    'p_new_id_after_hidden': 0.3, 'p_new_id_after_burst': 0.2,
    'p_swap_per_object': 0.002, 'spurious_rate_per_object': 0.005, 'spurious_len': [5, 60],
}


class _Boxes:
    """A population of boxes doing a bounded random walk."""

    def __init__(self, rng, n):
        self.w = rng.uniform(30, 120, n)
        self.h = self.w * rng.uniform(2, 3, n)
        self.x = rng.uniform(0, 1, n) * (WIDTH - self.w)
        self.y = rng.uniform(0, 1, n) * (HEIGHT - self.h)
        self.vx = rng.normal(0, 2, n)
        self.vy = rng.normal(0, 1, n)

    def step(self, rng):
        n = len(self.x)
        self.vx = np.clip(self.vx + rng.normal(0, 0.3, n), -8, 8)
        self.vy = np.clip(self.vy + rng.normal(0, 0.15, n), -4, 4)
        self.x += self.vx
        self.y += self.vy
        for pos, vel, limit in ((self.x, self.vx, WIDTH - self.w), (self.y, self.vy, HEIGHT - self.h)):
            low, high = pos < 0, pos > limit
            pos[low] = -pos[low]
            pos[high] = 2 * limit[high] - pos[high]
            vel[low | high] *= -1
            np.clip(pos, 0, limit, out=pos)


def _rounded(*arrays):
    return [np.round(a, 2) for a in arrays]


def generate(n_frames, n_objects, seed):
    """Return (gt_rows, trk_rows) as lists of formatted MOTChallenge rows."""
    rng = np.random.default_rng(seed)
    p = PARAMS
    objs = _Boxes(rng, n_objects)
    visible = rng.random(n_objects) < 0.75          # stationary share of the chain
    trk_id = np.arange(1, n_objects + 1)
    next_id = n_objects + 1
    burst_left = np.zeros(n_objects, dtype=int)
    spurious = []                                    # [id, frames_left, _Boxes of size 1]
    gt_rows, trk_rows = [], []

    for f in range(1, n_frames + 1):
        # visibility chain
        u = rng.random(n_objects)
        hide = visible & (u < 1.0 / p['mean_visible_run'])
        show = ~visible & (u < 1.0 / p['mean_hidden_run'])
        visible = (visible & ~hide) | show
        objs.step(rng)

        # fresh ids after re-appearance
        r_new = rng.random(n_objects)
        for i in np.flatnonzero(show & (r_new < p['p_new_id_after_hidden'])):
            trk_id[i], next_id = next_id, next_id + 1

        # bursts and single misses
        r_burst = rng.random(n_objects)
        lengths = rng.integers(p['burst_len'][0], p['burst_len'][1] + 1, n_objects)
        starts = visible & (burst_left == 0) & (r_burst < p['p_burst_start'])
        burst_left[starts] = lengths[starts]
        in_burst = burst_left > 0
        missed = rng.random(n_objects) < p['p_miss']
        burst_left[in_burst] -= 1
        ended = in_burst & (burst_left == 0)
        r_after = rng.random(n_objects)
        for i in np.flatnonzero(ended & (r_after < p['p_new_id_after_burst'])):
            trk_id[i], next_id = next_id, next_id + 1

        # id swaps between two visible objects
        if rng.random() < p['p_swap_per_object'] * n_objects:
            vis_idx = np.flatnonzero(visible)
            if len(vis_idx) >= 2:
                a, b = rng.choice(vis_idx, 2, replace=False)
                trk_id[a], trk_id[b] = trk_id[b], trk_id[a]

        # tracker boxes with jitter
        big = rng.random(n_objects) < p['p_big_jitter']
        sd = np.where(big, p['big_jitter_sd'], p['jitter_sd'])
        noise = rng.normal(0, 1, (4, n_objects)) * sd
        tx = objs.x + noise[0] * objs.w
        ty = objs.y + noise[1] * objs.h
        tw = np.maximum(objs.w * (1 + noise[2]), 1.0)
        th = np.maximum(objs.h * (1 + noise[3]), 1.0)

        gx, gy, gw, gh = _rounded(objs.x, objs.y, objs.w, objs.h)
        tx, ty, tw, th = _rounded(tx, ty, tw, th)
        for i in np.flatnonzero(visible):
            gt_rows.append(format_row(f, i + 1, gx[i], gy[i], gw[i], gh[i], 1))
        for i in np.flatnonzero(visible & ~in_burst & ~missed):
            trk_rows.append(format_row(f, trk_id[i], tx[i], ty[i], tw[i], th[i], 1))

        # spurious tracks: start, emit, age
        for _ in range(rng.poisson(p['spurious_rate_per_object'] * n_objects)):
            length = int(rng.integers(p['spurious_len'][0], p['spurious_len'][1] + 1))
            spurious.append([next_id, length, _Boxes(rng, 1)])
            next_id += 1
        for track in spurious:
            sid, _, box = track
            box.step(rng)
            bx, by, bw, bh = _rounded(box.x, box.y, box.w, box.h)
            trk_rows.append(format_row(f, sid, bx[0], by[0], bw[0], bh[0], 1))
            track[1] -= 1
        spurious = [t for t in spurious if t[1] > 0]

    return gt_rows, trk_rows


def write_pair(set_dir, n_frames, n_objects, seed):
    """Generate one size and write it as the benchmark-layout set `set_dir`; return its stats."""
    seq = 'SYN-%dx%d' % (n_frames, n_objects)
    gt_rows, trk_rows = generate(n_frames, n_objects, seed)
    write_sequence(set_dir, seq, gt_rows, trk_rows, n_frames, WIDTH, HEIGHT)
    stats = {'frames': n_frames, 'objects': n_objects, 'seed': seed,
             'gt_rows': len(gt_rows), 'tracker_rows': len(trk_rows),
             'tracker_ids': len({r.split(',', 2)[1] for r in trk_rows}),
             'model': PARAMS}
    with open(os.path.join(set_dir, 'params.json'), 'w') as f:
        json.dump(stats, f, indent=1)
    return stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out_dir')
    ap.add_argument('--sizes', default='500x20,2000x50,5000x100')
    ap.add_argument('--seed', type=int, default=0)
    args = ap.parse_args()
    for size in args.sizes.split(','):
        frames, objects = (int(v) for v in size.split('x'))
        set_dir = os.path.join(args.out_dir, size)
        s = write_pair(set_dir, frames, objects, args.seed)
        print('%s: %d gt rows, %d tracker rows, %d tracker ids' %
              (set_dir, s['gt_rows'], s['tracker_rows'], s['tracker_ids']))


if __name__ == '__main__':
    main()
