#!/usr/bin/env python3
"""Regenerates Data/mot-sample, the bundled MOTChallenge sample scored by the main job.

Two synthetic sequences from the project's seeded generator (Benchmarks/generate_pairs.py,
the model of Docs/spec.md#metric-generator): SYN-300x8 (seed 1) and SYN-400x12 (seed 2), in the
benchmark layout `gt/<seq>/gt/gt.txt`, `gt/<seq>/seqinfo.ini`, `tracker/<seq>.txt`.
Output is byte-identical for the same numpy major version family (checked with 1.26 and 2.x).

Usage: python3 Data/make_mot_sample.py [OUT_DIR]   (needs numpy; default OUT_DIR is Data/mot-sample)
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'Benchmarks'))
from generate_pairs import write_pair  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, 'mot-sample')
shutil.rmtree(OUT, ignore_errors=True)
for frames, objects, seed in ((300, 8, 1), (400, 12, 2)):
    stats = write_pair(OUT, frames, objects, seed)
    print('SYN-%dx%d: %d gt rows, %d tracker rows' % (frames, objects, stats['gt_rows'], stats['tracker_rows']))
os.remove(os.path.join(OUT, 'params.json'))
