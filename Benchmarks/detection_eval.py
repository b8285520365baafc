"""Helpers of Benchmarks/detection_eval.sh (COCO box scoring: spatial-eval score-det vs pycocotools
and faster-coco-eval).

  detection_eval.py generate DIR [--images 5000] [--classes 80] [--per-image 40] [--seed 0]
      writes DIR/gt.json and DIR/dt.json: seeded synthetic COCO ground truth (640×480 images,
      0–14 objects each, `area` below w·h as real segment areas are, 1 % crowd regions) and
      results (every object found 0–3 times with jittered boxes, a few with the wrong class,
      the rest of the ~per-image detections false positives; full-precision scores).
  detection_eval.py pycocotools GT DT OUT.json
      the reference as one whole process: COCO(), loadRes, evaluate, accumulate, summarize;
      writes {"stats": [...]}.
  detection_eval.py faster-coco-eval GT DT OUT.json
      the same with faster-coco-eval's COCO and COCOeval_faster (its C++ evaluation).
  detection_eval.py summarize RUNS_DIR --runs N
      medians of wall time and peak memory per tool, each peer's ratios to ours, and checks that
      every run of every tool gave the same twelve numbers (exit 1 otherwise).
"""
import argparse
import contextlib
import io
import json
import re
import statistics
import sys
from pathlib import Path

COCO_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28, 31, 32, 33,
            34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61,
            62, 63, 64, 65, 67, 70, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 84, 85, 86, 87, 88, 89, 90]


def generate(args):
    import numpy as np
    rng = np.random.default_rng(args.seed)
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    categories = COCO_IDS[:args.classes] if args.classes <= len(COCO_IDS) else list(range(1, args.classes + 1))
    images, annotations, detections = [], [], []
    next_id = 1
    for image_id in range(1, args.images + 1):
        images.append({"id": image_id, "width": 640, "height": 480, "file_name": f"{image_id:012d}.jpg"})
        objects = []
        for _ in range(int(rng.integers(0, 15))):
            w, h = float(rng.uniform(4, 300)), float(rng.uniform(4, 300))
            x, y = float(rng.uniform(0, 640 - min(w, 600))), float(rng.uniform(0, 480 - min(h, 440)))
            category = int(rng.choice(categories))
            annotations.append({"id": next_id, "image_id": image_id, "category_id": category, "bbox": [x, y, w, h],
                                "area": w * h * float(rng.uniform(0.4, 1.0)), "iscrowd": int(rng.random() < 0.01)})
            next_id += 1
            objects.append((category, x, y, w, h))
        image_detections = []
        for category, x, y, w, h in objects:
            for _ in range(int(rng.integers(0, 4))):
                spread = 0.08 * min(w, h)
                box = [x + float(rng.normal(0, spread)), y + float(rng.normal(0, spread)),
                       max(1.0, w + float(rng.normal(0, spread))), max(1.0, h + float(rng.normal(0, spread)))]
                label = category if rng.random() > 0.05 else int(rng.choice(categories))
                image_detections.append({"image_id": image_id, "category_id": label, "bbox": box, "score": float(rng.random())})
        while len(image_detections) < args.per_image:
            w, h = float(rng.uniform(4, 200)), float(rng.uniform(4, 200))
            image_detections.append({"image_id": image_id, "category_id": int(rng.choice(categories)),
                                     "bbox": [float(rng.uniform(0, 600)), float(rng.uniform(0, 440)), w, h],
                                     "score": float(rng.random()) * 0.6})
        detections += image_detections
    gt = {"info": {"description": f"synthetic, seed {args.seed}"}, "images": images, "annotations": annotations,
          "categories": [{"id": c, "name": f"class {c}", "supercategory": "thing"} for c in categories]}
    (out / "gt.json").write_text(json.dumps(gt))
    (out / "dt.json").write_text(json.dumps(detections))
    print(f"generated {len(images)} images, {len(annotations)} annotations, {len(detections)} detections in {out}")


def score(coco, evaluator, args):
    """Scores args.dt against args.gt with a pycocotools-style COCO class and evaluator."""
    with contextlib.redirect_stdout(io.StringIO()):
        gt = coco(args.gt)
        dt = gt.loadRes(args.dt)
        evaluation = evaluator(gt, dt, "bbox")
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    Path(args.out).write_text(json.dumps({"stats": [float(v) for v in evaluation.stats[:12]]}))


def pycocotools(args):
    from pycocotools.coco import COCO
    from pycocotools.cocoeval import COCOeval
    score(COCO, COCOeval, args)


def faster_coco_eval(args):
    from faster_coco_eval import COCO, COCOeval_faster
    score(COCO, COCOeval_faster, args)


def parse_time(path):
    text = Path(path).read_text()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    seconds = 0.0
    for part in wall.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds, int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) / 1024.0


PEERS = ("pycocotools", "faster-coco-eval")


def summarize(args):
    runs = Path(args.runs_dir)
    rows = {}
    stats = {}
    for tool in ("ours",) + PEERS:
        times = [parse_time(runs / f"{tool}-{k}.time") for k in range(1, args.runs + 1)]
        rows[tool] = (statistics.median(t for t, _ in times), statistics.median(m for _, m in times), [t for t, _ in times])
        for k in range(1, args.runs + 1):
            path = runs / (f"ours-{k}.out" if tool == "ours" else f"{tool}-{k}.json")
            stats.setdefault(tool, []).append(json.loads(path.read_text())["stats"][:12])
    print(f"{'tool':<17} {'median s':>9} {'peak MiB':>9}   runs (s)")
    for tool, (wall, memory, walls) in rows.items():
        print(f"{tool:<17} {wall:>9.3f} {memory:>9.1f}   {' '.join(f'{w:.3f}' for w in walls)}")
    for peer in PEERS:
        print(f"time ratio {peer}/ours: {rows[peer][0] / rows['ours'][0]:.1f}x   "
              f"memory ratio {peer}/ours: {rows[peer][1] / rows['ours'][1]:.2f}x")
    ok = all(all(s == runs_stats[0] for s in runs_stats) for runs_stats in stats.values())
    print(f"every run of each tool gave the same twelve numbers: {'yes' if ok else 'NO'}")
    # faster-coco-eval sums in another order; pycocotools is the reference we must equal exactly.
    same = stats["ours"][0] == stats["pycocotools"][0]
    close = all(abs(a - b) <= 1e-12 * max(1.0, abs(b)) for a, b in zip(stats["ours"][0], stats["faster-coco-eval"][0]))
    print(f"ours equal pycocotools': {'yes' if same else 'NO'}; ours within 1e-12 of faster-coco-eval's: {'yes' if close else 'NO'}")
    return 0 if ok and same and close else 1


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="action", required=True)
    g = sub.add_parser("generate")
    g.add_argument("dir")
    g.add_argument("--images", type=int, default=5000)
    g.add_argument("--classes", type=int, default=80)
    g.add_argument("--per-image", type=int, default=40)
    g.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("pycocotools")
    p.add_argument("gt")
    p.add_argument("dt")
    p.add_argument("out")
    f = sub.add_parser("faster-coco-eval")
    f.add_argument("gt")
    f.add_argument("dt")
    f.add_argument("out")
    s = sub.add_parser("summarize")
    s.add_argument("runs_dir")
    s.add_argument("--runs", type=int, required=True)
    args = parser.parse_args()
    actions = {"generate": generate, "pycocotools": pycocotools, "faster-coco-eval": faster_coco_eval,
               "summarize": summarize}
    return actions[args.action](args) or 0


if __name__ == "__main__":
    sys.exit(main())
