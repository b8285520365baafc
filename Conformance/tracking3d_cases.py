"""Generated point-frame cases for the 3-D tracking conformance (tracking3d_check.py).

Each case is a list of frames (frame number, truth points, hypothesis points), a point being
(id, (x, y, z)); `write_points` writes it in the format `spatial-eval evaluate-recording
--dump-3d` writes and `score-3d` reads (Docs/recording-metrics.md): columns
frame,kind,id,x,y,z, an `empty` row for a frame without points, floats as Python's repr
(the shortest text that reads back as the same double).

The hand-made cases exercise the rules one at a time (the issue's separating case, gaps,
distances exactly at each gate, ties, empty frames, switches with their transfer, ascend and
migrate sub-events); the seeded random cases mix them on a 0.05 m grid, where exact ties
and distances exactly at a gate are common.
"""
import math

import numpy as np

O = (0.0, 0.0, 0.0)


def _x(x):
    return (x, 0.0, 0.0)


def hand_made():
    """{name: frames} of the hand-made cases."""
    below = {g: math.nextafter(g, 0.0) for g in (0.35, 1.0, 2.0)}
    return {
        # Issue 45: frame 1 pairs (1, 10); frame 2 puts 10 beyond every gate; frame 3 offers
        # 10 at 0.5 m and 11 at 0.1 m. motmetrics continues (1, 10) where the gate allows.
        'issue-separating': [
            (1, [(1, O)], [(10, _x(0.3))]),
            (2, [(1, O)], [(10, _x(2.5))]),
            (3, [(1, O)], [(10, _x(0.5)), (11, _x(0.1))]),
        ],
        # The object leaves for two frames (its hypothesis stays, a false positive), then
        # returns with a closer newcomer; then the hypothesis leaves for a frame.
        'gap-object-absent': [
            (1, [(1, O), (2, _x(5))], [(10, _x(0.2)), (20, _x(5.1))]),
            (2, [(2, _x(5))], [(10, _x(0.2)), (20, _x(5.1))]),
            (3, [(2, _x(5))], [(10, _x(0.2)), (20, _x(5.1))]),
            (4, [(1, O), (2, _x(5))], [(10, _x(0.3)), (11, _x(0.05)), (20, _x(5.1))]),
            (5, [(1, O), (2, _x(5))], [(11, _x(0.05)), (20, _x(5.1))]),
            (6, [(1, O), (2, _x(5))], [(10, _x(0.3)), (11, _x(0.05)), (20, _x(5.1))]),
        ],
        # Distances exactly at 0.35, 1 and 2 m along each axis (cannot match), then one ulp
        # below (can), then at the gate again in the other direction.
        'at-gate': [
            (1, [(1, O), (2, (10.0, 0.0, 0.0)), (3, (20.0, 0.0, 0.0))],
             [(11, _x(0.35)), (12, (10.0, 1.0, 0.0)), (13, (20.0, 0.0, 2.0))]),
            (2, [(1, O), (2, (10.0, 0.0, 0.0)), (3, (20.0, 0.0, 0.0))],
             [(11, _x(below[0.35])), (12, (10.0, below[1.0], 0.0)), (13, (20.0, 0.0, below[2.0]))]),
            (3, [(1, O), (2, (10.0, 0.0, 0.0)), (3, (20.0, 0.0, 0.0))],
             [(11, _x(-0.35)), (12, (10.0, -1.0, 0.0)), (13, (20.0, 0.0, -2.0))]),
            (4, [(1, O), (2, (10.0, 0.0, 0.0)), (3, (20.0, 0.0, 0.0))],
             [(11, (0.0, 0.0, below[0.35])), (12, (10.0, 0.0, below[1.0])), (13, (20.0, below[2.0], 0.0))]),
        ],
        # Equal distances: two objects and two hypotheses all 0.5 m apart, coincident points,
        # a square of four objects and four hypotheses.
        'ties': [
            (1, [(1, O), (2, _x(1.0))], [(10, _x(0.5)), (11, _x(0.5))]),
            (2, [(1, O), (2, _x(1.0))], [(11, _x(0.5))]),
            (3, [(1, O), (2, O)], [(10, _x(0.25)), (11, _x(0.25))]),
            (4, [(3, (0.0, 0.0, 0.0)), (4, (0.5, 0.0, 0.0)), (5, (0.0, 0.5, 0.0)), (6, (0.5, 0.5, 0.0))],
             [(12, (0.25, 0.25, 0.0)), (13, (0.25, 0.25, 0.0)), (14, (0.25, 0.25, 0.0)), (15, (0.25, 0.25, 0.0))]),
            (5, [(3, (0.0, 0.0, 0.0)), (4, (0.5, 0.0, 0.0))], [(12, (0.25, 0.0, 0.0)), (13, (0.25, 0.0, 0.0))]),
        ],
        # Frames with no points, with truth only, with hypotheses only, and a continuation
        # across them.
        'empty-frames': [
            (0, [], []),
            (1, [(1, O)], []),
            (2, [], [(10, _x(0.1))]),
            (3, [(1, O)], [(10, _x(0.1))]),
            (4, [], []),
            (5, [], []),
            (6, [(1, O)], [(10, _x(0.3)), (11, O)]),
            (7, [], []),
        ],
        'no-truth': [(1, [], [(10, O)]), (2, [], []), (3, [], [(10, O), (11, _x(1))])],
        'nothing': [(1, [], []), (2, [], [])],
        # A switch to a new hypothesis (ASCEND), a hypothesis handed to a new object (TRANSFER,
        # MIGRATE), a switch back, and a transfer between two tracked objects.
        'switch': [
            (1, [(1, O)], [(10, _x(0.1))]),
            (2, [(1, O)], [(10, _x(3.0)), (11, _x(0.1))]),
            (3, [(1, O), (2, _x(3.0))], [(10, _x(3.1)), (11, _x(0.1))]),
            (4, [(1, O), (2, _x(3.0))], [(10, _x(0.1)), (11, _x(3.1))]),
            (5, [(1, O), (2, _x(3.0))], [(10, _x(3.1)), (11, _x(0.1))]),
            (6, [(3, _x(6.0))], [(10, _x(6.1)), (11, _x(6.2))]),
        ],
    }


def random_case(seed):
    """A seeded sequence: objects that come and go and move, hypotheses that follow them
    with noise, drop out, change id, hop to other objects, plus stray hypotheses; every
    coordinate on a 0.05 m grid, frame numbers increasing with gaps."""
    rng = np.random.default_rng(2000 + seed)
    objects = int(rng.integers(1, 9))
    frames = int(rng.integers(15, 61))
    position = {o: rng.integers(-40, 41, size=3) for o in range(1, objects + 1)}  # grid units (0.05 m)
    follower = {o: 100 + o for o in position}
    next_id = 200
    number = int(rng.integers(0, 3))
    case = []
    for _ in range(frames):
        number += int(rng.integers(1, 4))
        if rng.random() < 0.08:
            case.append((number, [], []))
            continue
        truth, hyps, used = [], [], set()
        for o in position:
            if rng.random() < 0.1:
                position[o] = position[o] + rng.integers(-3, 4, size=3)
            if rng.random() < 0.15:
                continue  # absent on this frame
            truth.append((o, tuple(round(0.05 * float(v), 2) for v in position[o])))
        for o in position:
            if rng.random() < 0.2:
                continue  # the hypothesis drops out
            if rng.random() < 0.05:
                follower[o] = next_id  # a new id: a switch
                next_id += 1
            if rng.random() < 0.05:
                others = [p for p in position if p != o]
                if others:
                    follower[o] = follower[int(rng.choice(others))]  # hops to another object's id
            h = follower[o]
            if h in used:
                continue
            used.add(h)
            offset = rng.integers(-45, 46, size=3) if rng.random() < 0.3 else rng.integers(-7, 8, size=3)
            if rng.random() < 0.2:
                axis = int(rng.integers(0, 3))
                offset = np.zeros(3, dtype=int)
                offset[axis] = int(rng.choice([7, 20, 40, -7, -20, -40]))  # exactly 0.35, 1 or 2 m
            hyps.append((h, tuple(round(0.05 * float(v), 2) for v in position[o] + offset)))
        for _ in range(int(rng.integers(0, 3))):
            h = int(rng.integers(300, 306))
            if h not in used:
                used.add(h)
                hyps.append((h, tuple(round(0.05 * float(v), 2) for v in rng.integers(-40, 41, size=3))))
        order = rng.permutation(len(hyps))
        case.append((number, truth, [hyps[k] for k in order]))
    return case


def all_cases(random_count=12):
    """{name: frames}: the hand-made cases and `random_count` seeded ones."""
    cases = hand_made()
    for k in range(random_count):
        cases['random-%02d' % k] = random_case(k)
    return cases


def write_points(path, frames):
    """Writes `frames` in the dump format."""
    with open(path, 'w') as f:
        f.write('frame,kind,id,x,y,z\n')
        for number, truth, hyps in frames:
            if not truth and not hyps:
                f.write('%d,empty,,,,\n' % number)
            for kind, points in (('truth', truth), ('hypothesis', hyps)):
                for pid, (x, y, z) in points:
                    f.write('%d,%s,%d,%r,%r,%r\n' % (number, kind, pid, float(x), float(y), float(z)))
