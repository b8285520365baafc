"""3-D tracking of the memory: `spatial-eval` against py-motmetrics 1.4.0's MOTAccumulator.

Usage (in .venv-motmetrics): tracking3d_check.py SPATIAL_EVAL WORK_DIR RECORDING.sqlite...

For every recording: `evaluate-recording RECORDING --format json --dump-3d WORK/NAME.csv`
writes the point frames its 3-D tracking scored (per frame the truth set and the instances,
ids and positions). Beside them, the generated cases of tracking3d_cases.py. For every
point file and every gate (0.35, 1, 2 m):
* the reference: each frame's truth ids, hypothesis ids (in file order) and their 3-D
  distance matrix, √((dx² + dy²) + dz²) in numpy, NaN at or beyond the gate, go to
  `MOTAccumulator.update(oids, hids, dists, frameid=frame)`; its `mot_events` are the
  per-frame events and `metrics.compute` gives the totals;
* ours: `score-3d FILE --format json`, every event and the totals.
Compared: every event, frame by frame and in order (type, object, hypothesis, distance
exactly); the totals num_frames, num_objects, num_detections, num_matches, num_switches,
num_misses, num_false_positives (exactly), mota and motp (|a−b| ≤ 1e-12·max(1, |a|, |b|));
and for recordings also evaluate-recording's own tracking_3d figures against the reference
totals. Each event and each total is one value. Prints one line per file and gate, then
`3-D tracking conformance: N values compared, D differed`; exits 1 on any difference.
"""
import csv
import json
import math
import os
import subprocess
import sys

import motmetrics as mm
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import decode_number, values_equal  # noqa: E402
from tracking3d_cases import all_cases, write_points  # noqa: E402

GATES = (0.35, 1.0, 2.0)
TOTALS = ['num_frames', 'num_objects', 'num_detections', 'num_matches', 'num_switches', 'num_misses',
          'num_false_positives', 'mota', 'motp']
# evaluate-recording's tracking_3d keys and the reference totals they must equal.
RECORDING_KEYS = {'GT': 'num_objects', 'TP': 'num_detections', 'FP': 'num_false_positives', 'FN': 'num_misses',
                  'IDSW': 'num_switches', 'MOTA': 'mota', 'MOTP_m': 'motp'}
SHOWN = 10  # differences printed per file and gate


def read_points(path):
    """[(frame, [(id, xyz)], [(id, xyz)])] in file order, as the dump format defines it."""
    frames = []
    with open(path, newline='') as f:
        for row in csv.DictReader(f):
            frame = int(row['frame'])
            if not frames or frames[-1][0] != frame:
                frames.append((frame, [], []))
            if row['kind'] == 'empty':
                continue
            point = (int(row['id']), (float(row['x']), float(row['y']), float(row['z'])))
            frames[-1][1 if row['kind'] == 'truth' else 2].append(point)
    return frames


def distances(truth, hyps, gate):
    """The 3-D distance matrix, NaN at or beyond the gate."""
    t = np.array([p for _, p in truth], dtype=float).reshape(-1, 3)
    h = np.array([p for _, p in hyps], dtype=float).reshape(-1, 3)
    dx = t[:, 0][:, None] - h[:, 0][None, :]
    dy = t[:, 1][:, None] - h[:, 1][None, :]
    dz = t[:, 2][:, None] - h[:, 2][None, :]
    d = np.sqrt(dx * dx + dy * dy + dz * dz)
    d[~(d < gate)] = np.nan
    return d


def _id(value):
    """An id of motmetrics' event table (a float column where NaN marks no id) as an int or None."""
    return None if isinstance(value, float) and math.isnan(value) else int(value)


def reference(frames, gate):
    """(events, totals) of py-motmetrics' MOTAccumulator."""
    acc = mm.MOTAccumulator(auto_id=False)
    for frame, truth, hyps in frames:
        acc.update([i for i, _ in truth], [i for i, _ in hyps], distances(truth, hyps, gate), frameid=frame)
    table = acc.mot_events
    frames_of = table.index.get_level_values('FrameId')
    events = [(int(frame), str(kind), _id(o), _id(h), None if math.isnan(d) else float(d))
              for frame, kind, o, h, d in zip(frames_of, table.Type, table.OId, table.HId, table.D)]
    summary = mm.metrics.create().compute(acc, metrics=TOTALS, name='x')
    totals = {k: summary[k].iloc[0].item() for k in TOTALS}
    return events, totals


def ours(tool, path):
    """{gate: (events, totals)} from `score-3d --format json`, totals under motmetrics' names."""
    doc = json.loads(subprocess.run([tool, 'score-3d', path, '--format', 'json'], check=True,
                                    capture_output=True, text=True).stdout)
    result = {}
    for g in doc['gates']:
        events = [(e['frame'], e['type'], e['object'], e['hypothesis'], e['distance_m']) for e in g['events']]
        totals = {'num_frames': doc['frames'], 'num_objects': g['GT'], 'num_detections': g['TP'],
                  'num_matches': g['TP'] - g['IDSW'], 'num_switches': g['IDSW'], 'num_misses': g['FN'],
                  'num_false_positives': g['FP'], 'mota': decode_number(g['MOTA']), 'motp': decode_number(g['MOTP_m'])}
        result[g['gate_m']] = (events, totals)
    return result


class Tally:
    """Values compared and differed over all files and gates."""

    def __init__(self):
        self.compared = 0
        self.differed = 0

    def check(self, label, compared, differences):
        """Adds one file and gate's counts and prints its line with the first differences."""
        self.compared += compared
        self.differed += len(differences)
        print('3d %-40s %8d values compared, %d differed' % (label, compared, len(differences)))
        for text in differences[:SHOWN]:
            print('   ' + text)


def compare_events(mine, theirs):
    """(values compared, differences): frame by frame, event by event in order."""
    def by_frame(events):
        grouped = {}
        for e in events:
            grouped.setdefault(e[0], []).append(e)
        return grouped
    a, b = by_frame(mine), by_frame(theirs)
    compared, differences = 0, []
    for frame in sorted(set(a) | set(b)):
        x, y = a.get(frame, []), b.get(frame, [])
        for k in range(max(len(x), len(y))):
            compared += 1
            e, f = (x[k] if k < len(x) else None), (y[k] if k < len(y) else None)
            if e != f:
                differences.append('frame %d event %d: ours %s, py-motmetrics %s' % (frame, k, e, f))
    return compared, differences


def compare_totals(mine, theirs, keys):
    """(values compared, differences) over `keys`: counts exactly, mota and motp to 1e-12."""
    differences = []
    for key in keys:
        integer = key.startswith('num_')
        if not values_equal(mine[key], theirs[key], integer):
            differences.append('%s: ours %r, py-motmetrics %r' % (key, mine[key], theirs[key]))
    return len(keys), differences


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tool, work, recordings = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(os.path.join(work, 'recordings'), exist_ok=True)
    os.makedirs(os.path.join(work, 'cases'), exist_ok=True)
    if mm.lap.default_solver != 'scipy':
        sys.exit('py-motmetrics uses the %r solver; the reference is its scipy solver' % mm.lap.default_solver)
    files, own = [], {}
    for recording in recordings:
        name = os.path.splitext(os.path.basename(recording))[0]
        points = os.path.join(work, 'recordings', name + '.csv')
        report = subprocess.run([tool, 'evaluate-recording', recording, '--format', 'json', '--dump-3d', points],
                                check=True, capture_output=True, text=True).stdout
        own[points] = {g['gate_m']: g for g in json.loads(report)['tracking_3d']}
        files.append(('recording ' + name, points))
    for name, frames in all_cases().items():
        points = os.path.join(work, 'cases', name + '.csv')
        write_points(points, frames)
        files.append(('case ' + name, points))

    tally = Tally()
    for label, points in files:
        frames = read_points(points)
        scored = ours(tool, points)
        for gate in GATES:
            events, totals = reference(frames, gate)
            mine_events, mine_totals = scored[gate]
            n1, d1 = compare_events(mine_events, events)
            n2, d2 = compare_totals(mine_totals, totals, TOTALS)
            n3, d3 = 0, []
            if points in own:
                fields = {key: decode_number(own[points][gate][key]) for key in RECORDING_KEYS}
                n3, d3 = compare_totals({RECORDING_KEYS[k]: v for k, v in fields.items()}, totals, list(RECORDING_KEYS.values()))
                d3 = ['evaluate-recording ' + text for text in d3]
            tally.check('%s g=%g' % (label, gate), n1 + n2 + n3, d1 + d2 + d3)
    print('3-D tracking conformance: %d values compared, %d differed' % (tally.compared, tally.differed))
    sys.exit(1 if tally.differed else 0)


if __name__ == '__main__':
    main()
