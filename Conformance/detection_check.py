"""Conformance of `spatial-eval score-det` and `coco-rle` with pycocotools 2.0.11 (and
faster-coco-eval 1.8.0 where it agrees with pycocotools).

Usage: detection_check.py SPATIAL_EVAL WORKDIR [REFERENCE_DIR]

Cases (all written into WORKDIR):
* real: coco_val2014_100 from REFERENCE_DIR (boxes and masks, and each results file scored
  the other way: box results as masks through their box polygons, mask results as boxes
  through their mask boxes);
* random-NN: seeded random sets built to hit every convention (Docs/detection-parity.md#conformance):
  ties in score (rounded scores, equal scores across images), IoU exactly at thresholds,
  touching boxes, crowd regions, empty images, images listed in shuffled order with sparse
  ids, categories without ground truth, detections of unlisted categories, more than 100
  detections in one (image, category), `area` on the 32²/96² edges and different from w·h,
  an `ignore` field, polygons (repeated vertices, off-image points, several parts), RLE and
  uncompressed-RLE ground truth, mask results with and without a box;
* empty: an empty results array (pycocotools crashes; its reference is the same run with one
  detection of an unlisted category, which it drops);
* error cases: inputs our tool must reject with exit status 1 and a message naming the file.

For every case: the twelve stats, every precision [T][R][K][A][M] and recall [T][K][A][M]
value, compared exactly with pycocotools (the same doubles); the twelve stats with
faster-coco-eval to 1e-12 relative (it sums in another order) on the cases where it agrees
with pycocotools to that tolerance (the others are listed). `coco-rle`: every mask string of the real set
and of the random mask sets equals pycocotools' annToRLE; `mask-parity`: the binarised
masks (logit > 0, with ±0, tiny, NaN and infinite logits) as RLE strings and pixel counts equal
numpy's `logits > 0` encoded by pycocotools, and mask IoU equals pycocotools' iou. Prints one line per group and
"detection conformance: N values compared, D differed"; exits 1 on any difference.
"""
import contextlib
import io
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
from pycocotools import mask as mask_utils
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

try:
    from faster_coco_eval import COCO as FasterCOCO, COCOeval_faster
except ImportError:  # optional second reference
    FasterCOCO = None

REAL = ("instances_val2014_100.json", "instances_val2014_fakebbox100_results.json",
        "instances_val2014_fakesegm100_results.json")
DIFFERENCES_SHOWN = 25


# ---------------------------------------------------------------------------- references

def quiet(function, *args):
    with contextlib.redirect_stdout(io.StringIO()):
        return function(*args)


def pycocotools_scores(gt_path, dt_path, iou_type):
    def run():
        gt = COCO(str(gt_path))
        detections = json.loads(Path(dt_path).read_text())
        if not detections:  # pycocotools crashes on []: a detection it drops gives "no detections"
            detections = [{"image_id": gt.getImgIds()[0], "category_id": -12345, "bbox": [0, 0, 1, 1], "score": 1.0}]
        dt = gt.loadRes(detections)
        evaluation = COCOeval(gt, dt, iou_type)
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
        return evaluation
    evaluation = quiet(run)
    return {"stats": np.asarray(evaluation.stats, dtype=float), "precision": evaluation.eval["precision"],
            "recall": evaluation.eval["recall"]}


def faster_stats(gt_path, dt_path, iou_type):
    if FasterCOCO is None or not json.loads(Path(dt_path).read_text()):
        return None

    def run():
        gt = FasterCOCO(str(gt_path))
        dt = gt.loadRes(str(dt_path))
        evaluation = COCOeval_faster(gt, dt, iou_type)
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
        return np.asarray(evaluation.stats[:12], dtype=float)
    try:
        return quiet(run)
    except Exception:  # noqa: BLE001 - a second reference that fails is reported, not fatal
        return None


def pycocotools_masks(gt_path, dt_path):
    """Every annotation's (and detection's) compressed RLE as COCOeval's _toMask makes it."""
    def run():
        gt = COCO(str(gt_path))
        entries = []
        for ann in gt.dataset["annotations"]:
            if "segmentation" in ann:
                entries.append(("gt", ann["id"], gt.annToRLE(ann)))
        if dt_path is not None:
            dt = gt.loadRes(str(dt_path))
            for ann in dt.dataset["annotations"]:
                entries.append(("dt", ann["id"], dt.annToRLE(ann)))
        return entries
    result = []
    for source, ident, rle in quiet(run):
        counts = rle["counts"]
        if isinstance(counts, list):
            counts = mask_utils.frPyObjects(rle, *rle["size"])["counts"]
        result.append((source, ident, list(rle["size"]), counts.decode() if isinstance(counts, bytes) else counts))
    return result


# ---------------------------------------------------------------------------- our tool

def ours(binary, *arguments):
    process = subprocess.run([binary, *arguments], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return process.returncode, process.stdout, process.stderr


def close(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and bool(np.all(np.abs(a - b) <= 1e-12 * np.maximum(1.0, np.maximum(np.abs(a), np.abs(b)))))


class Tally:
    def __init__(self):
        self.compared = 0
        self.differed = 0
        self.lines = []

    def group(self, name, compared, problems):
        self.compared += compared
        self.differed += len(problems)
        print(f"{name:<34} {compared:>8} values compared, {len(problems)} differed")
        for problem in problems[:DIFFERENCES_SHOWN]:
            print(f"    {problem}")


def compare_scores(binary, gt_path, dt_path, iou_type):
    reference = pycocotools_scores(gt_path, dt_path, iou_type)
    status, out, err = ours(binary, "score-det", "--gt", str(gt_path), "--dt", str(dt_path), "--iou-type", iou_type,
                            "--format", "json")
    if status != 0:
        return 1, [f"our tool failed (exit {status}): {err.strip()}"], reference
    result = json.loads(out, parse_constant=float)
    problems = []
    compared = 0
    for key in ("stats", "precision", "recall"):
        mine = np.asarray(result[key], dtype=float)
        theirs = np.asarray(reference[key], dtype=float)
        if mine.shape != theirs.shape:
            problems.append(f"{key}: shape {mine.shape} vs {theirs.shape}")
            compared += 1
            continue
        compared += mine.size
        for index in zip(*np.nonzero(~((mine == theirs) | (np.isnan(mine) & np.isnan(theirs))))):
            problems.append(f"{key}{list(map(int, index))}: ours {mine[index]!r} pycocotools {theirs[index]!r}")
    return compared, problems, reference


def compare_masks(binary, gt_path, dt_path):
    arguments = ["coco-rle", "--gt", str(gt_path)] + (["--dt", str(dt_path)] if dt_path else [])
    status, out, err = ours(binary, *arguments)
    if status != 0:
        return 1, [f"coco-rle failed (exit {status}): {err.strip()}"]
    mine = [(e["source"], e["id"], e["size"], e["counts"]) for e in json.loads(out)]
    theirs = pycocotools_masks(gt_path, dt_path)
    if len(mine) != len(theirs):
        return 1, [f"{len(mine)} masks vs {len(theirs)}"]
    problems = [f"{a[0]} id {a[1]}: ours {a[2]} {a[3][:40]}… pycocotools {b[2]} {b[3][:40]}…"
                for a, b in zip(mine, theirs) if a != b]
    return len(mine), problems


# ---------------------------------------------------------------------------- random cases

def random_polygon(rng, width, height):
    """A star-shaped polygon around a random centre; sometimes off the image, with a repeated vertex."""
    cx, cy = rng.uniform(-0.1, 1.1) * width, rng.uniform(-0.1, 1.1) * height
    points = int(rng.integers(3, 12))
    angles = np.sort(rng.uniform(0, 2 * math.pi, points))
    radii = rng.uniform(0.5, 0.45 * min(width, height) + 1, points)
    xy = []
    for angle, radius in zip(angles, radii):
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if rng.random() < 0.3:
            x, y = round(x * 2) / 2, round(y * 2) / 2
        xy += [float(x), float(y)]
        if rng.random() < 0.1:
            xy += [float(x), float(y)]
    return xy


def random_mask(rng, height, width, base=None):
    if base is not None and rng.random() < 0.7:
        mask = base.copy()
        flips = rng.random(mask.shape) < rng.uniform(0, 0.2)
        mask[flips] ^= 1
        return mask
    mask = np.zeros((height, width), dtype=np.uint8)
    x0, y0 = int(rng.integers(0, width)), int(rng.integers(0, height))
    x1, y1 = int(rng.integers(x0, width + 1)), int(rng.integers(y0, height + 1))
    mask[y0:y1, x0:x1] = 1
    if rng.random() < 0.3:
        mask[0, 0] = 1  # a mask that starts with foreground
    return mask


def encode(mask):
    rle = mask_utils.encode(np.asfortranarray(mask.astype(np.uint8)))
    return {"size": [int(v) for v in rle["size"]], "counts": rle["counts"].decode()}


def uncompressed(mask):
    flat = np.asfortranarray(mask).reshape(-1, order="F")
    counts, value, run = [], 0, 0
    for pixel in flat:
        if pixel != value:
            counts.append(run)
            run, value = 0, pixel
        run += 1
    counts.append(run)
    return {"size": list(mask.shape), "counts": counts}


def random_box(rng, width, height, integral):
    x, y = rng.uniform(-5, width), rng.uniform(-5, height)
    w, h = rng.uniform(0, width / 2 + 2), rng.uniform(0, height / 2 + 2)
    if integral:
        x, y, w, h = (float(round(v)) for v in (x, y, w, h))
    return [float(x), float(y), float(w), float(h)]


def jitter(rng, box, spread):
    x, y, w, h = box
    special = rng.random()
    if special < 0.1:
        return [x, y, w * 0.5, h]  # IoU exactly 0.5 when w is exact
    if special < 0.2:
        return [x, y, w * 0.75, h]  # IoU exactly 0.75
    if special < 0.25:
        return [x + w, y, w, h]  # touching: IoU 0
    if special < 0.35:
        return list(box)  # IoU 1
    return [x + rng.normal(0, spread), y + rng.normal(0, spread), max(0.0, w + rng.normal(0, spread)),
            max(0.0, h + rng.normal(0, spread))]


def make_random_case(rng, masks):
    image_count = int(rng.integers(1, 7))
    category_count = int(rng.integers(1, 5))
    image_ids = [int(v) for v in rng.choice(np.arange(1, 500), image_count, replace=False)]
    category_ids = [int(v) for v in rng.choice(np.arange(1, 91), category_count, replace=False)]
    images = [{"id": i, "width": int(rng.integers(8, 90)), "height": int(rng.integers(8, 90)), "file_name": f"{i}.jpg"}
              for i in image_ids]
    annotations, detections = [], []
    score_decimals = [None, 1, 2][int(rng.integers(0, 3))]
    next_id = iter(rng.permutation(np.arange(1, 4000)) + 1)
    for image in images:
        width, height = image["width"], image["height"]
        for _ in range(int(rng.integers(0, 9)) if rng.random() > 0.15 else 0):
            category = int(rng.choice(category_ids))
            box = random_box(rng, width, height, rng.random() < 0.5)
            crowd = int(rng.random() < 0.12)
            roll = rng.random()
            area = box[2] * box[3] if roll < 0.6 else [1024.0, 9216.0, 1023.5, float(rng.uniform(0, 12000))][int(rng.integers(0, 4))]
            annotation = {"id": int(next(next_id)), "image_id": image["id"], "category_id": category, "bbox": box,
                          "area": area, "iscrowd": crowd}
            if rng.random() < 0.1:
                annotation["ignore"] = int(rng.integers(0, 2))
            base = None
            if masks:
                kind = rng.random()
                if crowd or kind < 0.25:
                    base = random_mask(rng, height, width)
                    annotation["segmentation"] = uncompressed(base) if crowd or kind < 0.1 else encode(base)
                else:
                    annotation["segmentation"] = [random_polygon(rng, width, height) for _ in range(int(rng.integers(1, 3)))]
                    base = mask_utils.decode(mask_utils.merge(mask_utils.frPyObjects(annotation["segmentation"], height, width)))
            annotations.append(annotation)
            for _ in range(int(rng.integers(0, 4))):
                detections.append(detection(rng, image, category, jitter(rng, box, 2.0), masks, base, score_decimals))
        for _ in range(int(rng.integers(0, 4))):  # false positives, some of unlisted categories
            category = int(rng.choice(category_ids)) if rng.random() < 0.85 else 999
            detections.append(detection(rng, image, category, random_box(rng, width, height, False), masks, None, score_decimals))
    if rng.random() < 0.25 and images:  # more than 100 detections in one cell
        image = images[0]
        category = category_ids[0]
        for _ in range(int(rng.integers(101, 140))):
            detections.append(detection(rng, image, category, random_box(rng, image["width"], image["height"], True), masks,
                                        None, score_decimals))
    order = rng.permutation(len(detections))
    detections = [detections[i] for i in order]
    if masks and detections and rng.random() < 0.3:  # mask results with their box: the box rule decides the area
        for entry in detections:
            entry["bbox"] = [float(v) for v in mask_utils.toBbox(entry["segmentation"])]
    rng.shuffle(images)
    categories = [{"id": c, "name": f"class {c}", "supercategory": "thing"} for c in category_ids]
    rng.shuffle(categories)
    return {"images": images, "annotations": annotations, "categories": categories}, detections


def detection(rng, image, category, box, masks, base, decimals):
    score = float(rng.random())
    if decimals is not None:
        score = round(score, decimals)
    entry = {"image_id": image["id"], "category_id": category, "score": score}
    if masks:
        entry["segmentation"] = encode(random_mask(rng, image["height"], image["width"], base))
    else:
        entry["bbox"] = [float(v) for v in box]
    return entry


# ---------------------------------------------------------------------------- mask parity

def random_logits(rng, height, width):
    """Logits with the boundary values of the binarisation rule: ±0, tiny positives, NaN, ±inf."""
    logits = rng.normal(0, 2, (height, width))
    specials = np.array([0.0, -0.0, 1e-300, 5e-324, -1e-300, 1e-8, float("nan"), float("inf"), float("-inf")])
    where = rng.random((height, width)) < 0.2
    logits[where] = rng.choice(specials, int(where.sum()))
    return logits


def mask_file(rng, shapes, boxes):
    instances = []
    for (height, width), box in zip(shapes, boxes):
        logits = random_logits(rng, height, width)
        instances.append({"image_id": 1, "category_id": 1, "bbox": box, "score": float(rng.uniform(0.5, 1)),
                          "mask": {"size": [height, width], "logits": [float(v) for v in logits.reshape(-1)]}, "_logits": logits})
    return instances


def write_masks(path, instances):
    path.write_text(json.dumps([{k: v for k, v in i.items() if k != "_logits"} for i in instances]))


def compare_mask_parity(binary, work, rng):
    """Our binarisation, RLE strings and pixel counts against numpy (logit > 0) and pycocotools' encode/iou."""
    work.mkdir(parents=True, exist_ok=True)
    problems, compared = [], 0
    count = 12
    shapes = [(int(rng.integers(1, 40)), int(rng.integers(1, 40))) for _ in range(count)]
    boxes = [[float(10 * k), 0.0, 8.0, 8.0] for k in range(count)]
    reference, variant = mask_file(rng, shapes, boxes), mask_file(rng, shapes, boxes)
    write_masks(work / "reference.json", reference)
    write_masks(work / "variant.json", variant)
    for change in ("renderer", "model"):
        arguments = ["mask-parity", "--reference", str(work / "reference.json"), "--variant", str(work / "variant.json"),
                     "--change", change, "--format", "json"] + (["--threshold", "0.5"] if change == "model" else [])
        status, out, err = ours(binary, *arguments)
        if status not in (0, 2):
            return 1, [f"mask-parity --change {change} failed (exit {status}): {err.strip()}"]
        result = json.loads(out)
        entries = result["instances"] if change == "renderer" else result["pairs"]
        for k, entry in enumerate(entries):
            r = entry.get("reference_index", k)
            v = entry.get("variant_index", k)
            for side, instance in (("reference", reference[r]), ("variant", variant[v])):
                binary_mask = np.asfortranarray((instance["_logits"] > 0).astype(np.uint8))
                expected = mask_utils.encode(binary_mask)
                mine = entry[side]
                compared += 2
                if mine["counts"] != expected["counts"].decode():
                    problems.append(f"{change} {side} {k}: RLE {mine['counts']!r} vs {expected['counts'].decode()!r}")
                if mine["pixels"] != int(binary_mask.sum()):
                    problems.append(f"{change} {side} {k}: pixels {mine['pixels']} vs {int(binary_mask.sum())}")
            if change == "model":
                a = mask_utils.encode(np.asfortranarray((reference[r]["_logits"] > 0).astype(np.uint8)))
                b = mask_utils.encode(np.asfortranarray((variant[v]["_logits"] > 0).astype(np.uint8)))
                theirs = float(mask_utils.iou([b], [a], [0])[0][0])
                both_empty = mask_utils.area(a) == 0 and mask_utils.area(b) == 0
                compared += 1
                if (entry["iou"] is None) != both_empty or (entry["iou"] is not None and entry["iou"] != theirs):
                    problems.append(f"model pair {k}: IoU {entry['iou']} vs pycocotools {theirs} (both empty: {both_empty})")
    return compared, problems


# ---------------------------------------------------------------------------- negative box sizes

def flip_sizes(rng, boxes, mode, share):
    """Makes the width, the height or both of about `share` of the boxes negative; `mixed` picks one per box."""
    for box in boxes:
        if rng.random() >= share:
            continue
        which = ["width", "height", "both"][int(rng.integers(0, 3))] if mode == "mixed" else mode
        if which in ("width", "both"):
            box[2] = -box[2]
        if which in ("height", "both"):
            box[3] = -box[3]


def boundary_case():
    """Ground truth and results of area ±32² and ±96², crowd regions among them, one image."""
    image, category = 1, 1
    annotations, detections = [], []
    for k, (side, crowd) in enumerate([(32, 0), (96, 0), (32, 1), (96, 1), (50, 0), (20, 0)]):
        x = 10.0 + 120 * k
        annotations.append({"id": k + 1, "image_id": image, "category_id": category, "bbox": [x, 10.0, side, side],
                            "area": float(side * side), "iscrowd": crowd})
        for j, (sw, sh) in enumerate([(1, 1), (-1, 1), (1, -1), (-1, -1)]):
            detections.append({"image_id": image, "category_id": category, "bbox": [x + j, 10.0, sw * side, sh * side],
                               "score": round(0.9 - 0.05 * k - 0.01 * j, 3)})
    annotations.append({"id": 7, "image_id": image, "category_id": category, "bbox": [10.0, 300.0, -32.0, 32.0],
                        "area": 1024.0, "iscrowd": 0})
    annotations.append({"id": 8, "image_id": image, "category_id": category, "bbox": [200.0, 300.0, -96.0, -96.0],
                        "area": 9216.0, "iscrowd": 1})
    detections.append({"image_id": image, "category_id": category, "bbox": [0.0, 300.0, 10.0, 10.0], "score": 0.42})
    detections.append({"image_id": image, "category_id": category, "bbox": [150.0, 250.0, 30.0, 30.0], "score": 0.41})
    gt = {"images": [{"id": image, "width": 800, "height": 400}], "annotations": annotations,
          "categories": [{"id": category, "name": "thing"}]}
    return gt, detections


def negative_size_cases(rng):
    """(name, gt, dt) with boxes of negative width or height, which pycocotools scores."""
    example_gt = {"images": [{"id": 1, "width": 300, "height": 300}], "categories": [{"id": 1, "name": "a"}],
                  "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 50, 50], "area": 2500, "iscrowd": 0},
                                  {"id": 2, "image_id": 1, "category_id": 1, "bbox": [100, 100, 40, 40], "area": 1600, "iscrowd": 0}]}
    example_dt = [{"image_id": 1, "category_id": 1, "bbox": box, "score": score} for box, score in
                  [([10, 10, 50, 50], 0.9), ([100, 100, -40, 40], 0.95), ([120, 120, -20, -20], 0.8), ([100, 100, 40, 40], 0.7)]]
    cases = [("negative-example", example_gt, example_dt), ("negative-boundary", *boundary_case())]
    for k in range(16):
        gt, dt = make_random_case(rng, False)
        mode = ["width", "height", "both", "mixed"][k % 4]
        if k < 8:
            flip_sizes(rng, [entry["bbox"] for entry in dt], mode, 0.4)
            cases.append((f"negative-results-{mode}-{k:02d}", gt, dt))
        else:
            flip_sizes(rng, [entry["bbox"] for entry in gt["annotations"]], mode, 0.4)
            flip_sizes(rng, [entry["bbox"] for entry in dt], "mixed", 0.2)
            cases.append((f"negative-gt-{mode}-{k:02d}", gt, dt))
    return cases


# ---------------------------------------------------------------------------- error cases

def error_cases(work, gt_path):
    gt = json.loads(Path(gt_path).read_text())
    image = gt["images"][0]["id"]
    category = gt["categories"][0]["id"]
    good = [{"image_id": image, "category_id": category, "bbox": [1, 1, 5, 5], "score": 0.5}]
    cases = {
        "unknown-image": (gt, [{"image_id": 987654321, "category_id": category, "bbox": [1, 1, 5, 5], "score": 0.5}], "does not list"),
        "annotation-id-0": (dict(gt, annotations=[dict(gt["annotations"][0], id=0)]), good, "ids start at 1"),
        "duplicate-annotation-id": (dict(gt, annotations=[gt["annotations"][0], gt["annotations"][0]]), good, "appears twice"),
        "nan-box": (gt, "[{\"image_id\": %d, \"category_id\": %d, \"bbox\": [NaN, 1, 5, 5], \"score\": 0.5}]" % (image, category), "finite"),
        "negative-width": (gt, [{"image_id": image, "category_id": category, "bbox": [1, 1, -5, 5], "score": 0.5}], "negative"),
        "missing-score": (gt, [{"image_id": image, "category_id": category, "bbox": [1, 1, 5, 5]}], "score"),
        "missing-area": (dict(gt, annotations=[{k: v for k, v in gt["annotations"][0].items() if k != "area"}]), good, "area"),
        "huge-mask": (gt, [{"image_id": image, "category_id": category, "score": 0.5,
                            "segmentation": {"size": [1000000, 1000000], "counts": "0"}}], "limit"),
        "bad-run-sum": (gt, [{"image_id": image, "category_id": category, "score": 0.5,
                              "segmentation": {"size": [4, 4], "counts": [3, 2]}}], "add up"),
        "truncated-json": (gt, "[{\"image_id\": 1,", "end of the JSON"),
    }
    sized = dict(gt, images=[dict(i, width=10, height=10) for i in gt["images"]],
                 annotations=[dict(a, segmentation=encode(np.ones((10, 10), np.uint8))) for a in gt["annotations"][:1]])
    cases["mask-sizes-differ"] = (sized, [{"image_id": sized["annotations"][0]["image_id"], "category_id": sized["annotations"][0]["category_id"],
                                           "score": 0.5, "segmentation": encode(np.ones((12, 10), np.uint8))}], "size")
    results = []
    for name, (gt_value, dt_value, needle) in cases.items():
        folder = work / "errors" / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "gt.json").write_text(json.dumps(gt_value))
        (folder / "dt.json").write_text(dt_value if isinstance(dt_value, str) else json.dumps(dt_value))
        iou_type = "segm" if name == "mask-sizes-differ" else "bbox"
        results.append((name, folder, needle, iou_type))
    return results


# ---------------------------------------------------------------------------- main

def main():
    binary, work = sys.argv[1], Path(sys.argv[2])
    reference_dir = Path(sys.argv[3]) if len(sys.argv) > 3 else None
    work.mkdir(parents=True, exist_ok=True)
    tally = Tally()
    faster = {"compared": 0, "problems": [], "exact": 0, "close": 0, "disagree": []}

    def score_case(name, gt_path, dt_path, iou_type):
        compared, problems, reference = compare_scores(binary, gt_path, dt_path, iou_type)
        tally.group(f"{name} {iou_type}", compared, problems)
        stats = faster_stats(gt_path, dt_path, iou_type)
        if stats is None:
            return
        # faster-coco-eval sums in another order: it agrees with pycocotools to the last bits
        # or not at all. Where it agrees (1e-12 relative), ours must agree with it too.
        if not close(stats, reference["stats"]):
            faster["disagree"].append(f"{name} {iou_type}")
            return
        faster["exact"] += bool(np.array_equal(stats, reference["stats"]))
        faster["close"] += 1
        status, out, _ = ours(binary, "score-det", "--gt", str(gt_path), "--dt", str(dt_path), "--iou-type", iou_type, "--format", "json")
        mine = np.asarray(json.loads(out)["stats"], dtype=float) if status == 0 else np.full(12, np.nan)
        faster["compared"] += 12
        if not close(mine, stats):
            faster["problems"].append(f"{name} {iou_type}: ours {mine.tolist()} faster-coco-eval {stats.tolist()}")

    if reference_dir is not None:
        gt_path, box_path, segm_path = (reference_dir / name for name in REAL)
        score_case("real coco_val2014_100 boxes", gt_path, box_path, "bbox")
        score_case("real coco_val2014_100 masks", gt_path, segm_path, "segm")
        score_case("real box results as masks", gt_path, box_path, "segm")
        score_case("real mask results as boxes", gt_path, segm_path, "bbox")
        compared, problems = compare_masks(binary, gt_path, box_path)
        tally.group("real coco-rle (gt + box results)", compared, problems)
        compared, problems = compare_masks(binary, gt_path, segm_path)
        tally.group("real coco-rle (gt + mask results)", compared, problems)

    rng = np.random.default_rng(20261201)
    for k in range(60):
        masks = k % 3 == 2
        gt, dt = make_random_case(rng, masks)
        folder = work / "random" / f"{k:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "gt.json").write_text(json.dumps(gt))
        (folder / "dt.json").write_text(json.dumps(dt))
        score_case(f"random-{k:02d}", folder / "gt.json", folder / "dt.json", "segm" if masks else "bbox")
        if masks:
            score_case(f"random-{k:02d}", folder / "gt.json", folder / "dt.json", "bbox")
            compared, problems = compare_masks(binary, folder / "gt.json", folder / "dt.json")
            tally.group(f"random-{k:02d} coco-rle", compared, problems)

    for name, gt, dt in negative_size_cases(np.random.default_rng(32)):
        folder = work / "negative" / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "gt.json").write_text(json.dumps(gt))
        (folder / "dt.json").write_text(json.dumps(dt))
        score_case(name, folder / "gt.json", folder / "dt.json", "bbox")

    compared, problems = compare_mask_parity(binary, work / "mask-parity", np.random.default_rng(5))
    tally.group("mask-parity RLE, pixels, IoU", compared, problems)

    empty = work / "empty"
    empty.mkdir(parents=True, exist_ok=True)
    gt, _ = make_random_case(np.random.default_rng(7), False)
    (empty / "gt.json").write_text(json.dumps(gt))
    (empty / "dt.json").write_text("[]")
    score_case("empty results", empty / "gt.json", empty / "dt.json", "bbox")

    error_gt = (reference_dir / REAL[0]) if reference_dir is not None else empty / "gt.json"
    problems = []
    cases = error_cases(work, error_gt)
    for name, folder, needle, iou_type in cases:
        strict = ["--strict"] if name == "negative-width" else []  # scored, with a warning, without --strict
        status, _, err = ours(binary, "score-det", "--gt", str(folder / "gt.json"), "--dt", str(folder / "dt.json"),
                              "--iou-type", iou_type, *strict)
        if status != 1 or needle not in err or ".json" not in err:
            problems.append(f"{name}: exit {status}, stderr {err.strip()[:200]!r} (expected exit 1 naming the file and '{needle}')")
    tally.group("error cases (exit 1, message)", len(cases), problems)

    if FasterCOCO is not None:
        tally.group("faster-coco-eval 1.8.0 stats (1e-12)", faster["compared"], faster["problems"])
        print(f"    faster-coco-eval agreed with pycocotools on {faster['close']} cases ({faster['exact']} bit for bit); "
              f"disagreed on {len(faster['disagree'])}, not compared: {', '.join(faster['disagree']) or 'none'}")
    print(f"detection conformance: {tally.compared} values compared, {tally.differed} differed")
    return 1 if tally.differed else 0


if __name__ == "__main__":
    sys.exit(main())
