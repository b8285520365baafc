#!/usr/bin/env python3
"""Derives the simulator's error models from real reference data (Data/error-models/SOURCES.md).

Usage: derive.py REFERENCE_FOLDER OUT_FOLDER SWIFT_FILE
  REFERENCE_FOLDER  the reference data (evo_testdata/, priorda_samples/, promptda_example/,
                    coco_val2014_100/, open3d_testdata/, ios_captures/, arexp/)
  OUT_FOLDER        where the JSON files go (Data/error-models)
  SWIFT_FILE        the generated Swift table (Sources/Simulation/ErrorModelTables.swift)

Deterministic: no random numbers; every value is rounded to fixed units and written as an
integer, so the outputs regenerate byte for byte from the same inputs (numpy only; PNG files
are decoded here with zlib).

1. Camera pose error (pose-residuals.json): TUM RGB-D fr1_xyz (RGBDSLAM estimate) and fr2_desk
   (ORB-SLAM estimate) against their ground truth: timestamps associated as evo does (nearest,
   at most 0.01 s apart, one to one), the estimate aligned by Umeyama SE(3), and the residual
   (position error in the world frame, rotation error as a rotation vector R_est R_gt^T) resampled
   every STEP_M metres of ground-truth travel. The simulator replays the increments of these
   residuals in blocks (TrajectorySimulator), so their growth with distance and their
   autocorrelation within a block survive.
2. Depth-network error (depth-residuals.json): Prior-Depth-Anything sample-1: the inverse of the
   relative-depth prediction (geo_depth.npy) fitted to ground-truth inverse depth (gt_depth.png)
   by least squares, d = s/z + t; the relative residual rho = (d - (s/z + t)) / (s/z) kept as a
   field (every FIELD_STEP-th pixel), and the residual the same prediction would gain at
   364/518 of its resolution (area-downsampled, bilinear back up): the fast pass's extra error.
3. LiDAR silhouettes (lidar-edges.json): ARKit scene depth of PromptDA's example (256x192): at
   every pixel where the depth profile bends by more than 0.1 m (second difference over 2 px, so
   planar slopes do not count), where its depth lies between the near and far surface of its 5x5
   window (0 near, 1 far), as a histogram.
4. Silhouettes (silhouettes.json): COCO val2014 instance polygons (coco_val2014_100): every
   non-crowd annotation whose box is at least SILHOUETTE_MIN_SIDE_PX on both sides is rasterised
   at the centres of a SILHOUETTE_GRID x SILHOUETTE_GRID grid over its box (even-odd rule, the
   union of its polygons): a normalised mask template, one 16-bit row mask per grid row. Per COCO
   label the simulator uses, when it has at least SILHOUETTE_MIN_TEMPLATES templates, else the
   pooled set (every label of the sample); with the mask-area / box-area distribution (COCO's
   `area` over w*h) and where the background shows inside the box.
5. Background depth jumps (background-jumps.json): the depth maps of Open3D's RGBD sample (5
   frames of one scene) and the Prior-Depth-Anything ground truths (samples 1-5): at every pixel
   pair JUMP_GAP_PX apart along a row or a column, both valid, whose depths differ by more than
   JUMP_STEP_M (an object boundary), the jump far - near in metres; a histogram of JUMP_BIN_M bins
   over [JUMP_STEP_M, JUMP_MAX_M] (larger jumps in the last bin), each scene weighted equally.
6. Real iPhone LiDAR (lidar-confidence.json): the three 3D Scanner App captures (ios_captures/:
   charuco, chair, corridor), every frame at the sensor's 256x192: the counts of ARKit confidence
   0/1/2 per 0.5 m of measured depth among samples 4 or more samples from a discontinuity (a
   4-neighbour more than 0.1 m away); the share of high confidence 0-3 samples from one over
   the share 4 or more away (samples within 3 m); the deepest reading (the valid range); and the
   depth noise from frame pairs 0.2 s apart (high-confidence samples away from discontinuities
   moved through both recorded poses into the later map: robust spread of the difference / sqrt 2
   per 0.5 m of predicted depth, an upper bound since pose error adds to it), fitted as
   base + perSquareMetre * z^2 (least squares weighted by sqrt of the pairs).
7. Low-light pose error (low-light-pose.json): ARexp's ARKit_tracking_dynamic cases 0-2 (200, 7,
   0 lux): ARKit's displacement (the change of its vector to a fixed landmark) against the XY
   stage's trapezoid profile (ramps at 80 mm/s^2) over 5 cycles of 0.4 m; the stage axis fitted
   as a unit direction, the phone-to-stage clock offset searched over +-0.5 s; the RMS 3-D
   residual per light level and its ratio to 200 lux.
8. Visual-inertial drift (vio-drift.json, not used by the simulator: the figures behind leaving it
   out, Docs/simulator.md#real-pose-error): SpectacularAI's two sessions against their ground
   truth: ATE after an SE(3) alignment, and the error after 2-20 m of travel aligned on the first
   metre.
"""
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Conformance"))
from png16 import read_png16, read_png_grey  # noqa: E402  (the conformance checks' reader)

STEP_M = 0.05          # pose residuals are resampled every 5 cm of travel
FIELD_STEP = 5         # depth residual field: every 5th pixel of the 640x480 frame
EDGE_STEP_M = 0.1      # a LiDAR window spanning more than this is a silhouette
EDGE_BINS = 20
SILHOUETTE_GRID = 16   # template cells per box side (the fusion's 16 x 16 grid)
SILHOUETTE_MIN_SIDE_PX = 16
SILHOUETTE_MIN_TEMPLATES = 5
# COCO labels of the simulator's object kinds (ObjectKind.label).
SIMULATED_LABELS = ["backpack", "book", "bottle", "bowl", "cell phone", "chair", "clock", "cup", "keyboard",
                    "laptop", "mouse", "person", "potted plant", "remote", "tv", "vase"]
JUMP_GAP_PX = 3        # depth pairs this far apart straddle a (possibly smeared) boundary
JUMP_STEP_M = 0.1      # a pair differing by more than this is a boundary (the LiDAR silhouette step)
JUMP_BIN_M = 0.05
JUMP_MAX_M = 3.0
JUMP_SCENE_WEIGHT = 100000
CAPTURES = ["3dscannerapp-charuco", "3dscannerapp-chair", "3dscannerapp-corridor"]  # ios_captures/
CONFIDENCE_BIN_M = 0.5     # confidence shares per 0.5 m of measured depth
CONFIDENCE_LAST_M = 8.0    # the last bin holds everything from here on
EDGE_BAND = 4              # distances to a discontinuity 0..3 samples; 4 = "4 or more"
EDGE_NEAR_M = 3.0          # the edge ratios are measured on samples within 3 m
PAIR_SECONDS = 0.2         # frame pairs for the depth noise: the first frame at least this much later
NOISE_BIN_M = 0.5
NOISE_MIN_PAIRS = 2000     # a noise bin needs this many sample pairs
LUX_CASES = [(0, "200"), (1, "7"), (2, "0")]  # ARexp ARKit_tracking_dynamic case -> lux (GTSAM_tracking/input/cases.csv)
STAGE_ACCELERATION = 0.08  # m/s^2, the stage's ramps (the upstream interpolation's 80 mm/s^2)
STAGE_STEPS_PER_M = 1e5    # 40008 stage steps = 400 mm
LAG_SEARCH_S = 0.5         # phone-to-stage clock offset searched over +-0.5 s in 10 ms steps


# ---------------------------------------------------------------- pose residuals

def read_tum(path):
    rows = [line.split() for line in Path(path).read_text().splitlines() if line.strip() and not line.startswith("#")]
    return np.array([[float(v) for v in row[:8]] for row in rows])


def associate(first, second, max_difference=0.01):
    """evo's association: for each stamp of `first` the nearest of `second`, within the limit, one to one."""
    pairs, used = [], set()
    for i, stamp in enumerate(first[:, 0]):
        j = int(np.argmin(np.abs(second[:, 0] - stamp)))
        if abs(second[j, 0] - stamp) <= max_difference and j not in used:
            pairs.append((i, j))
            used.add(j)
    return np.array(pairs)


def quaternion_matrix(q):
    x, y, z, w = q / np.linalg.norm(q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def umeyama(source, target):
    """Rotation and translation minimising |target - (R source + t)| (Umeyama 1991, no scale)."""
    mu_s, mu_t = source.mean(axis=0), target.mean(axis=0)
    covariance = (target - mu_t).T @ (source - mu_s) / len(source)
    u, _, vt = np.linalg.svd(covariance)
    sign = np.eye(3)
    if np.linalg.det(u) * np.linalg.det(vt) < 0:
        sign[2, 2] = -1
    rotation = u @ sign @ vt
    return rotation, mu_t - rotation @ mu_s


def rotation_vector(matrix):
    angle = np.arccos(np.clip((np.trace(matrix) - 1) / 2, -1, 1))
    if angle < 1e-12:
        return np.zeros(3)
    axis = np.array([matrix[2, 1] - matrix[1, 2], matrix[0, 2] - matrix[2, 0], matrix[1, 0] - matrix[0, 1]])
    return axis / (2 * np.sin(angle)) * angle


def pose_residuals(folder, name, truth_file, estimate_file, estimator):
    truth, estimate = read_tum(folder / truth_file), read_tum(folder / estimate_file)
    pairs = associate(estimate, truth)
    est, gt = estimate[pairs[:, 0]], truth[pairs[:, 1]]
    rotation, translation = umeyama(est[:, 1:4], gt[:, 1:4])
    aligned = est[:, 1:4] @ rotation.T + translation
    position_error = aligned - gt[:, 1:4]
    rotation_error = np.array([
        rotation_vector(rotation @ quaternion_matrix(e[4:8]) @ quaternion_matrix(g[4:8]).T) for e, g in zip(est, gt)])
    travel = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(gt[:, 1:4], axis=0), axis=1))])
    stations = np.arange(0.0, travel[-1], STEP_M)
    levels = np.column_stack([np.interp(stations, travel, column) for column in np.column_stack([position_error, rotation_error]).T])
    increments = np.diff(levels, axis=0)
    ate = float(np.sqrt(np.mean(np.sum(position_error ** 2, axis=1))))
    growth = {}
    for metres in (0.5, 1.0, 2.0, 4.0):
        lag = int(round(metres / STEP_M))
        if lag < len(levels):
            d = levels[lag:, :3] - levels[:-lag, :3]
            growth[f"{metres:g}"] = round(float(np.sqrt(np.mean(np.sum(d ** 2, axis=1)))), 5)
    centred = increments[:, :3] - increments[:, :3].mean(axis=0)
    denominator = float(np.sum(centred * centred))
    autocorrelation = [round(float(np.sum(centred[lag:] * centred[:len(centred) - lag]) / denominator), 4) for lag in range(0, 21)]
    return {
        "name": name, "truth": truth_file, "estimate": estimate_file, "estimator": estimator,
        "associated_poses": int(len(pairs)), "travel_m": round(float(travel[-1]), 3),
        "ate_rmse_m": round(ate, 5),
        "position_error_growth_rms_m": growth,
        "increment_autocorrelation_by_step": autocorrelation,
        "steps": int(len(increments)),
        # Increments per STEP_M of travel: position (x, y, z) in 0.1 mm, rotation vector (x, y, z) in 1e-5 rad.
        "increments": [[int(round(v * 1e4)) for v in row[:3]] + [int(round(v * 1e5)) for v in row[3:]] for row in increments],
    }


# ---------------------------------------------------------------- depth network

def depth_residuals(folder):
    truth = read_png16(folder / "gt_depth.png").astype(np.float64) / 1000.0
    prediction = np.load(folder / "geo_depth.npy").astype(np.float64)
    valid = (truth > 0) & np.isfinite(prediction) & (prediction > 0)
    inverse_truth = np.where(valid, 1 / np.where(valid, truth, 1), 0)
    output = np.where(valid, 1 / np.where(valid, prediction, 1), 0)
    design = np.column_stack([inverse_truth[valid], np.ones(int(valid.sum()))])
    (scale, shift), *_ = np.linalg.lstsq(design, output[valid], rcond=None)
    relative = np.where(valid, (output - (scale * inverse_truth + shift)) / np.where(valid, scale * inverse_truth, 1), np.nan)
    # The same prediction at 364/518 of its resolution: area-average onto the coarser grid, bilinear back.
    height, width = output.shape
    factor = 364 / 518
    coarse_h, coarse_w = int(round(height * factor)), int(round(width * factor))
    ys = (np.arange(height) + 0.5) * coarse_h / height - 0.5
    xs = (np.arange(width) + 0.5) * coarse_w / width - 0.5
    filled = np.where(valid, output, np.nan)
    coarse = np.full((coarse_h, coarse_w), np.nan)
    y_edges = np.linspace(0, height, coarse_h + 1)
    x_edges = np.linspace(0, width, coarse_w + 1)
    for i in range(coarse_h):
        rows = filled[int(np.floor(y_edges[i])):int(np.ceil(y_edges[i + 1]))]
        for j in range(coarse_w):
            block = rows[:, int(np.floor(x_edges[j])):int(np.ceil(x_edges[j + 1]))]
            block = block[np.isfinite(block)]
            coarse[i, j] = block.mean() if block.size else np.nan
    y0 = np.clip(np.floor(ys).astype(int), 0, coarse_h - 1)
    x0 = np.clip(np.floor(xs).astype(int), 0, coarse_w - 1)
    y1, x1 = np.clip(y0 + 1, 0, coarse_h - 1), np.clip(x0 + 1, 0, coarse_w - 1)
    wy = np.clip(ys - y0, 0, 1)[:, None]
    wx = np.clip(xs - x0, 0, 1)[None, :]
    upsampled = ((1 - wy) * ((1 - wx) * coarse[y0][:, x0] + wx * coarse[y0][:, x1])
                 + wy * ((1 - wx) * coarse[y1][:, x0] + wx * coarse[y1][:, x1]))
    resolution = np.where(valid & np.isfinite(upsampled), (upsampled - output) / np.where(valid, scale * inverse_truth, 1), np.nan)
    offset = FIELD_STEP // 2
    picked = relative[offset::FIELD_STEP, offset::FIELD_STEP]
    picked_resolution = resolution[offset::FIELD_STEP, offset::FIELD_STEP]
    finite = relative[np.isfinite(relative)]
    absolute = np.abs(finite)

    def encode(field):  # relative residuals in 1e-4; 32767 marks a pixel without ground truth
        return [[32767 if not np.isfinite(v) else int(np.clip(round(v * 1e4), -32766, 32766)) for v in row] for row in field]

    return {
        "source": "priorda_samples/sample-1 (gt_depth.png, geo_depth.npy)",
        "frame_width": int(width), "frame_height": int(height), "field_step_px": FIELD_STEP,
        "valid_pixels": int(valid.sum()), "fit_scale": round(float(scale), 6), "fit_shift": round(float(shift), 6),
        "relative_residual_mean_abs": round(float(absolute.mean()), 5),
        "relative_residual_p50_abs": round(float(np.quantile(absolute, 0.5)), 5),
        "relative_residual_p90_abs": round(float(np.quantile(absolute, 0.9)), 5),
        "relative_residual_p99_abs": round(float(np.quantile(absolute, 0.99)), 5),
        "resolution_loss_mean_abs": round(float(np.nanmean(np.abs(resolution))), 5),
        "rows": int(picked.shape[0]), "columns": int(picked.shape[1]),
        "residual": encode(picked), "resolution_loss": encode(picked_resolution),
    }


# ---------------------------------------------------------------- LiDAR silhouettes

def lidar_edges(folder):
    depth = read_png16(folder / "arkit_depth.png").astype(np.float64) / 1000.0
    height, width = depth.shape
    fractions = []
    for y in range(2, height - 2):
        for x in range(2, width - 2):
            # A silhouette bends the depth profile (a slope does not): second difference over 2 px.
            bend = max(abs(depth[y, x - 2] - 2 * depth[y, x] + depth[y, x + 2]),
                       abs(depth[y - 2, x] - 2 * depth[y, x] + depth[y + 2, x]))
            if bend > EDGE_STEP_M:
                window = depth[y - 2:y + 3, x - 2:x + 3]
                near, far = window.min(), window.max()
                fractions.append((depth[y, x] - near) / (far - near))
    fractions = np.array(fractions)
    counts, _ = np.histogram(fractions, bins=EDGE_BINS, range=(0, 1))
    return {
        "source": "promptda_example/arkit_depth.png (ARKit scene depth, 256x192, mm)",
        "width": int(width), "height": int(height), "window_px": 5, "silhouette_bend_m": EDGE_STEP_M,
        "silhouette_pixels": int(len(fractions)),
        "mixed_fraction_between_0.1_and_0.9": round(float(np.mean((fractions > 0.1) & (fractions < 0.9))), 4),
        "bins": EDGE_BINS, "histogram": [int(c) for c in counts],
    }


# ---------------------------------------------------------------- silhouettes

def rasterise(polygons, box, grid):
    """Cells of a grid x grid raster over `box` (x, y, w, h) whose centres lie inside the polygons (even-odd)."""
    x, y, w, h = box
    centres = (np.arange(grid) + 0.5) / grid
    px, py = np.meshgrid(x + centres * w, y + centres * h)
    inside = np.zeros((grid, grid), dtype=bool)
    for polygon in polygons:
        xs, ys = np.array(polygon[0::2], dtype=np.float64), np.array(polygon[1::2], dtype=np.float64)
        crossing = np.zeros((grid, grid), dtype=bool)
        for i in range(len(xs)):
            x0, y0, x1, y1 = xs[i - 1], ys[i - 1], xs[i], ys[i]
            straddles = (y0 > py) != (y1 > py)
            with np.errstate(divide="ignore", invalid="ignore"):
                at = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
            crossing ^= straddles & (px < at)
        inside |= crossing
    return inside


def silhouette_summary(entries):
    fills = np.array([e["fill"] for e in entries])
    areas = np.array([e["area_over_box"] for e in entries])
    background = 1 - np.mean([e["cells"] for e in entries], axis=0)
    return {
        "templates": len(entries),
        "template_fill_mean": round(float(fills.mean()), 4),
        "area_over_box_mean": round(float(areas.mean()), 4),
        "area_over_box_quantiles_10_50_90": [round(float(q), 4) for q in np.quantile(areas, [0.1, 0.5, 0.9])],
        # Per cell (row-major), the percentage of templates showing background there.
        "background_percent_by_cell": [int(round(v * 100)) for v in background.ravel()],
        "rows": [e["rows"] for e in entries],
    }


def silhouettes(folder):
    data = json.loads((folder / "instances_val2014_100.json").read_text())
    names = {c["id"]: c["name"] for c in data["categories"]}
    entries = {}
    skipped = {"crowd": 0, "small": 0}
    for annotation in sorted(data["annotations"], key=lambda a: a["id"]):
        if annotation["iscrowd"] or not isinstance(annotation["segmentation"], list):
            skipped["crowd"] += 1
            continue
        x, y, w, h = annotation["bbox"]
        if w < SILHOUETTE_MIN_SIDE_PX or h < SILHOUETTE_MIN_SIDE_PX:
            skipped["small"] += 1
            continue
        cells = rasterise(annotation["segmentation"], (x, y, w, h), SILHOUETTE_GRID)
        rows = [int(sum(1 << c for c in range(SILHOUETTE_GRID) if row[c])) for row in cells]
        entries.setdefault(names[annotation["category_id"]], []).append({
            "cells": cells.astype(np.float64), "rows": rows, "fill": float(cells.mean()),
            "area_over_box": float(annotation["area"]) / (w * h)})
    pooled = [e for label in sorted(entries) for e in entries[label]]
    own = {label: silhouette_summary(entries[label]) for label in SIMULATED_LABELS
           if len(entries.get(label, [])) >= SILHOUETTE_MIN_TEMPLATES}
    return {
        "source": "coco_val2014_100/instances_val2014_100.json (COCO val2014 instance polygons, 100 images)",
        "grid": SILHOUETTE_GRID, "min_box_side_px": SILHOUETTE_MIN_SIDE_PX, "min_templates": SILHOUETTE_MIN_TEMPLATES,
        "row_encoding": "bit c of a row is grid column c (least significant bit = left column)",
        "skipped_annotations": skipped,
        "labels": own,
        "pooled_for": [label for label in SIMULATED_LABELS if label not in own],
        "pooled": silhouette_summary(pooled),
    }


# ---------------------------------------------------------------- background depth jumps

def boundary_jumps(depth):
    """Depth jumps (metres) at pixel pairs JUMP_GAP_PX apart that straddle a boundary."""
    jumps = []
    for a, b in ((depth[:, :-JUMP_GAP_PX], depth[:, JUMP_GAP_PX:]), (depth[:-JUMP_GAP_PX], depth[JUMP_GAP_PX:])):
        valid = (a > 0) & (b > 0) & np.isfinite(a) & np.isfinite(b)
        difference = np.abs(np.where(valid, a - b, 0))
        jumps.append(difference[valid & (difference > JUMP_STEP_M)])
    return np.concatenate(jumps)


def background_jumps(reference):
    scenes = [
        ("open3d_testdata/RGBD/depth/0000[0-4].png (Redwood-type RGB-D frames, uint16 mm)",
         [read_png16(reference / "open3d_testdata" / "RGBD" / "depth" / f"0000{i}.png").astype(np.float64) / 1000 for i in range(5)]),
    ]
    for i in (1, 2, 3, 4):
        scenes.append((f"priorda_samples/sample-{i}/gt_depth.png (uint16 mm)",
                       [read_png16(reference / "priorda_samples" / f"sample-{i}" / "gt_depth.png").astype(np.float64) / 1000]))
    scenes.append(("priorda_samples/sample-5/gt_depth.npy (float32 mm)",
                   [np.load(reference / "priorda_samples" / "sample-5" / "gt_depth.npy").astype(np.float64) / 1000]))
    bins = int(round((JUMP_MAX_M - JUMP_STEP_M) / JUMP_BIN_M))
    total = np.zeros(bins)
    summaries, pooled = [], []
    for name, maps in scenes:
        jumps = np.concatenate([boundary_jumps(d) for d in maps])
        counts, _ = np.histogram(np.minimum(jumps, JUMP_MAX_M - 1e-9), bins=bins, range=(JUMP_STEP_M, JUMP_MAX_M))
        total += counts / counts.sum() * JUMP_SCENE_WEIGHT
        pooled.append(jumps)
        summaries.append({"source": name, "pairs": int(len(jumps)),
                          "jump_quantiles_10_50_90_m": [round(float(q), 3) for q in np.quantile(jumps, [0.1, 0.5, 0.9])]})
    histogram = [int(round(v)) for v in total]
    centres = JUMP_STEP_M + (np.arange(bins) + 0.5) * JUMP_BIN_M
    weights = np.array(histogram, dtype=np.float64)
    cumulative = np.cumsum(weights) / weights.sum()
    return {
        "gap_px": JUMP_GAP_PX, "boundary_step_m": JUMP_STEP_M, "bin_m": JUMP_BIN_M, "range_m": [JUMP_STEP_M, JUMP_MAX_M],
        "scene_weight": JUMP_SCENE_WEIGHT, "scenes": summaries,
        "weighted_mean_m": round(float((weights * centres).sum() / weights.sum()), 3),
        "weighted_median_m": round(float(centres[int(np.searchsorted(cumulative, 0.5))]), 3),
        "weighted_p90_m": round(float(centres[int(np.searchsorted(cumulative, 0.9))]), 3),
        "histogram": histogram,
    }


# ---------------------------------------------------------------- real iPhone LiDAR (3D Scanner App captures)

def capture_frames(folder):
    """(time, camera-to-world 4x4, intrinsics 3x3 of the 1920x1440 image, depth m, confidence) per frame."""
    frames = []
    for path in sorted(folder.glob("frame_*.json")):
        meta = json.loads(path.read_text())
        index = path.stem.split("_")[1]
        depth = read_png16(folder / f"depth_{index}.png").astype(np.float64) / 1000
        confidence = read_png_grey(folder / f"conf_{index}.png", 8).astype(np.int64)
        if depth.shape != confidence.shape:
            sys.exit(f"error models: {folder / f'conf_{index}.png'}: {confidence.shape} differs from its depth map {depth.shape}")
        frames.append((float(meta["time"]), np.array(meta["cameraPoseARFrame"]).reshape(4, 4),
                       np.array(meta["intrinsics"]).reshape(3, 3), depth, confidence))
    if not frames:
        sys.exit(f"error models: {folder}: no frame_*.json")
    return frames


def edge_distance(depth):
    """City-block distance in samples (capped at EDGE_BAND) to the nearest discontinuity: a sample
    with a 4-neighbour more than EDGE_STEP_M away."""
    edge = np.zeros(depth.shape, dtype=bool)
    step_y = np.abs(np.diff(depth, axis=0)) > EDGE_STEP_M
    step_x = np.abs(np.diff(depth, axis=1)) > EDGE_STEP_M
    edge[:-1] |= step_y
    edge[1:] |= step_y
    edge[:, :-1] |= step_x
    edge[:, 1:] |= step_x
    distance = np.full(depth.shape, EDGE_BAND)
    reached = edge.copy()
    for d in range(EDGE_BAND):
        distance[reached & (distance == EDGE_BAND)] = d
        grown = reached.copy()
        grown[1:] |= reached[:-1]
        grown[:-1] |= reached[1:]
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        reached = grown
    return distance


def pair_differences(first, second):
    """Measured minus predicted depth of `second` at `first`'s high-confidence samples away from
    discontinuities, moved through both poses (ARKit camera axes: x right, y up, looking down -z;
    the maps are the 1920x1440 image at 256x192); with the predicted depth."""
    _, pose_a, k, depth_a, conf_a = first
    _, pose_b, _, depth_b, conf_b = second
    height, width = depth_a.shape
    scale = width / 1920
    fx, fy, cx, cy = k[0, 0] * scale, k[1, 1] * scale, (k[0, 2] + 0.5) * scale - 0.5, (k[1, 2] + 0.5) * scale - 0.5
    keep = (conf_a == 2) & (edge_distance(depth_a) == EDGE_BAND) & (depth_a > 0)
    v, u = np.nonzero(keep)
    z = depth_a[v, u]
    camera = np.stack([(u - cx) / fx * z, -(v - cy) / fy * z, -z, np.ones_like(z)])
    moved = np.linalg.inv(pose_b) @ pose_a @ camera
    predicted = -moved[2]
    ahead = predicted > 0.05
    ub = np.rint(cx + fx * moved[0, ahead] / predicted[ahead]).astype(int)
    vb = np.rint(cy - fy * moved[1, ahead] / predicted[ahead]).astype(int)
    inside = (ub >= 0) & (ub < width) & (vb >= 0) & (vb < height)
    ub, vb, predicted = ub[inside], vb[inside], predicted[ahead][inside]
    usable = (conf_b[vb, ub] == 2) & (depth_b[vb, ub] > 0)
    return depth_b[vb, ub][usable] - predicted[usable], predicted[usable]


def lidar_confidence(reference):
    bins = int(CONFIDENCE_LAST_M / CONFIDENCE_BIN_M) + 1
    levels = np.zeros((bins, 3), dtype=np.int64)            # away from discontinuities, by depth
    near_edge = np.zeros((EDGE_BAND + 1, 3), dtype=np.int64)  # within EDGE_NEAR_M, by edge distance
    noise_bins = int(CONFIDENCE_LAST_M / NOISE_BIN_M)
    differences = [[] for _ in range(noise_bins)]
    summaries, deepest = [], 0.0
    for name in CAPTURES:
        frames = capture_frames(reference / "ios_captures" / name)
        for _, _, _, depth, confidence in frames:
            valid = depth > 0
            distance = edge_distance(depth)
            depth_bin = np.minimum((depth / CONFIDENCE_BIN_M).astype(int), bins - 1)
            far = valid & (distance == EDGE_BAND)
            np.add.at(levels, (depth_bin[far], np.clip(confidence[far], 0, 2)), 1)
            near = valid & (depth < EDGE_NEAR_M)
            np.add.at(near_edge, (distance[near], np.clip(confidence[near], 0, 2)), 1)
            deepest = max(deepest, float(depth.max()))
        times = np.array([f[0] for f in frames])
        pairs = 0
        for i, frame in enumerate(frames):
            j = int(np.searchsorted(times, times[i] + PAIR_SECONDS))
            if j >= len(frames):
                break
            difference, predicted = pair_differences(frame, frames[j])
            pairs += 1
            noise_bin = (predicted / NOISE_BIN_M).astype(int)
            for b in np.unique(noise_bin[noise_bin < noise_bins]):
                differences[b].append(difference[noise_bin == b])
        summaries.append({"capture": f"ios_captures/{name}", "frames": len(frames), "frame_pairs": pairs,
                          "depth_max_m": round(float(max(f[3].max() for f in frames)), 3)})
    # Depth noise: a pair's difference holds two readings' noise (and the pose error between them), so
    # sigma = robust spread / sqrt(2): an upper bound on the per-reading noise.
    noise = []
    for b, parts in enumerate(differences):
        values = np.concatenate(parts) if parts else np.zeros(0)
        if values.size >= NOISE_MIN_PAIRS:
            spread = 1.4826 * float(np.median(np.abs(values - np.median(values))))
            noise.append({"depth_m": [b * NOISE_BIN_M, (b + 1) * NOISE_BIN_M], "pairs": int(values.size),
                          "sigma_mm": round(spread / np.sqrt(2) * 1000, 2)})
    centres = np.array([(n["depth_m"][0] + n["depth_m"][1]) / 2 for n in noise])
    sigmas = np.array([n["sigma_mm"] / 1000 for n in noise])
    weights = np.sqrt([n["pairs"] for n in noise])
    (base, quadratic), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(centres), centres ** 2]) * weights[:, None],
                                             sigmas * weights, rcond=None)
    high_far = near_edge[EDGE_BAND, 2] / near_edge[EDGE_BAND].sum()
    return {
        "captures": summaries, "edge_step_m": EDGE_STEP_M, "depth_bin_m": CONFIDENCE_BIN_M,
        "confidence_counts_by_depth": [[int(c) for c in row] for row in levels],
        "confidence_counts_by_depth_note": "levels 0, 1, 2 of samples 4 or more samples from a discontinuity, per depth bin (last bin: everything beyond)",
        "confidence_counts_by_edge_distance": [[int(c) for c in row] for row in near_edge],
        # P(high | distance d) / P(high | d >= 4), samples within EDGE_NEAR_M, in 1e-4.
        "high_ratio_by_edge_distance": [int(round(row[2] / row.sum() / high_far * 1e4)) for row in near_edge],
        "sample_pixels_of_1920": 1920 / 256,
        "valid_range_far_m": round(deepest, 1),
        "pair_seconds": PAIR_SECONDS, "noise_by_depth": noise,
        "noise_fit_base_m": round(float(base), 4), "noise_fit_per_square_metre": round(float(quadratic), 5),
    }


# ---------------------------------------------------------------- low-light pose error (ARexp)

def stage_travel(events, times):
    """The XY stage's displacement (m) at `times` from its start/finish events: a symmetric trapezoid
    of speed per move (ramps at STAGE_ACCELERATION, the plateau chosen so the move covers its distance
    in its time), at rest between moves."""
    marks = [(float(time), float(steps) / STAGE_STEPS_PER_M) for _, time, steps in events]
    out = np.full(times.shape, marks[0][1])
    for (t0, x0), (t1, x1) in zip(marks[:-1], marks[1:]):
        inside = (times >= t0) & (times < t1)
        span, distance = t1 - t0, abs(x1 - x0)
        if distance < 1e-6:
            out[inside] = x0
            continue
        ramp = (span - np.sqrt(max(span * span - 4 * distance / STAGE_ACCELERATION, 0))) / 2
        speed = STAGE_ACCELERATION * ramp
        t = times[inside] - t0
        covered = np.where(t < ramp, 0.5 * STAGE_ACCELERATION * t ** 2,
                           np.where(t < span - ramp, 0.5 * STAGE_ACCELERATION * ramp ** 2 + speed * (t - ramp),
                                    distance - 0.5 * STAGE_ACCELERATION * (span - t) ** 2))
        out[inside] = x0 + np.sign(x1 - x0) * covered
    out[times >= marks[-1][0]] = marks[-1][1]
    return out


def read_rows(path):
    lines = [line.split(",") for line in Path(path).read_text().splitlines()[1:] if line.strip()]
    return lines


def arexp_case(folder):
    """ARKit's displacement (the change of its vector to a fixed landmark) against the stage's: the
    stage axis fitted as a unit direction, the clock offset searched; the residual 3-D error."""
    rows = read_rows(folder / "ARKitData.csv")
    try:
        values = np.array([[float(v) for v in row[:5]] for row in rows])
    except ValueError as error:
        sys.exit(f"error models: {folder / 'ARKitData.csv'}: {error}")
    events = read_rows(folder / "output.csv")
    times, vector = values[:, 0], values[:, 2:5]
    window = (times >= float(events[0][1]) - 2) & (times <= float(events[-1][1]) + 2)
    times, moved = times[window], vector[window] - vector[window][0]
    best = None
    for lag in np.arange(-LAG_SEARCH_S, LAG_SEARCH_S + 1e-9, 0.01):
        travel = stage_travel(events, times + lag)
        design = np.column_stack([travel, np.ones_like(travel)])
        (axis, _), *_ = np.linalg.lstsq(design, moved, rcond=None)
        scale = float(np.linalg.norm(axis))
        direction = axis / scale if scale > 0 else np.array([1.0, 0, 0])
        residual = moved - np.outer(travel, direction)
        residual -= residual.mean(axis=0)
        error = np.linalg.norm(residual, axis=1)
        rms = float(np.sqrt(np.mean(error ** 2)))
        if best is None or rms < best[0] - 1e-12:
            best = (rms, round(float(lag), 2), scale, error, float(np.ptp(travel)))
    rms, lag, scale, error, span = best
    return {"samples": int(len(error)), "stage_travel_m": round(span, 3), "clock_offset_s": lag,
            "estimate_over_truth_scale": round(scale, 4), "error_rms_m": round(rms, 5),
            "error_p90_m": round(float(np.quantile(error, 0.9)), 5), "error_max_m": round(float(error.max()), 5)}


def low_light_pose(reference):
    folder = reference / "arexp" / "src" / "ARKit_tracking_dynamic" / "input"
    cases = {lux: dict(arexp_case(folder / f"case{case}"), case=f"ARKit_tracking_dynamic/input/case{case}")
             for case, lux in LUX_CASES}
    normal = cases["200"]["error_rms_m"]
    return {"source": "arexp/src/ARKit_tracking_dynamic (cases 0-2 = 200, 7, 0 lux: GTSAM_tracking/input/cases.csv)",
            "lux": cases,
            "error_factor_7_lux": round(cases["7"]["error_rms_m"] / normal, 3),
            "error_factor_0_lux": round(cases["0"]["error_rms_m"] / normal, 3),
            "limit": "error over 0.4 m of stage travel, 5 cycles, one phone on a stage: not drift across a room"}


# ---------------------------------------------------------------- visual-inertial drift (SpectacularAI), not used

def read_jsonl(path):
    rows = []
    for number, line in enumerate(Path(path).read_text().splitlines(), start=1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            sys.exit(f"error models: {path}:{number}: {error}")
    return rows


def vio_session(folder):
    """Tracking output against ground truth (interpolated to the output's times): ATE after a
    Umeyama SE(3) alignment of the whole session, and the error after 2, 5, 10, 20 m of travel
    when aligned on the first metre only (how far it drifts from where it started)."""
    output = [o for o in read_jsonl(folder / "output.jsonl") if "position" in o and "time" in o]
    truth = read_jsonl(folder / "groundtruth.jsonl")
    times = np.array([o["time"] for o in output])
    estimate = np.array([[o["position"][k] for k in "xyz"] for o in output])
    truth_times = np.array([g["time"] for g in truth])
    truth_positions = np.array([[g["groundTruth"]["position"][k] for k in "xyz"] for g in truth])
    inside = (times >= truth_times[0]) & (times <= truth_times[-1])
    times, estimate = times[inside], estimate[inside]
    reference = np.column_stack([np.interp(times, truth_times, truth_positions[:, i]) for i in range(3)])
    rotation, translation = umeyama(estimate, reference)
    error = np.linalg.norm(estimate @ rotation.T + translation - reference, axis=1)
    travel = np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(reference, axis=0), axis=1))])
    start = travel < 1.0
    rotation, translation = umeyama(estimate[start], reference[start])
    drift = np.linalg.norm(estimate @ rotation.T + translation - reference, axis=1)
    after = {f"{d}": round(float(drift[int(np.searchsorted(travel, d))]), 3) for d in (2, 5, 10, 20) if travel[-1] > d}
    return {"poses": int(len(times)), "seconds": round(float(times[-1] - times[0]), 1), "travel_m": round(float(travel[-1]), 1),
            "ate_rmse_m": round(float(np.sqrt(np.mean(error ** 2))), 4), "ate_max_m": round(float(error.max()), 4),
            "error_after_m_aligned_on_first_metre": after}


def vio_drift(reference):
    folder = reference / "spectacularai_two_sessions"
    return {"source": "spectacularai_two_sessions/01, 02 (visual-inertial tracking, device not stated; ground truth 100 Hz)",
            "used_by_simulator": False,
            "sessions": {name: vio_session(folder / name) for name in ("01", "02")}}


# ---------------------------------------------------------------- output

def write_json(path, value):
    path.write_text(json.dumps(value, sort_keys=True, separators=(",", ":")) + "\n")


def swift_table(pose, depth, edges, shapes, jumps, confidence, light):
    def ints(values):
        return ", ".join(str(v) for v in values)
    lines = [
        "// Generated by Data/error-models/derive.py from the reference data named in",
        "// Data/error-models/SOURCES.md. Do not edit: run Data/error-models/derive.sh.",
        "",
        "/// The real-data error tables the simulator replays (generated; Data/error-models/SOURCES.md).",
        "enum ErrorModelTables {",
        f"    /// Metres of ground-truth travel between two pose-residual increments.",
        f"    static let poseStepMetres = {STEP_M!r}",
        "    /// Pose-residual increments per step, one array per source sequence: x, y, z (0.1 mm),",
        "    /// then the rotation vector x, y, z (1e-5 rad), flattened.",
        "    static let poseIncrements: [(name: String, values: [Int32])] = [",
    ]
    for sequence in pose:
        flat = [v for row in sequence["increments"] for v in row]
        lines.append(f"        (name: \"{sequence['name']}\", values: [{ints(flat)}]),")
    lines += [
        "    ]",
        "    /// Rows and columns of the depth-network residual field.",
        f"    static let depthFieldRows = {depth['rows']}",
        f"    static let depthFieldColumns = {depth['columns']}",
        f"    /// Pixels of the source frame between two field samples.",
        f"    static let depthFieldStep = {depth['field_step_px']}",
        "    /// Relative residual of the full pass (1e-4), row-major; 32767 where the frame had no ground truth.",
        f"    static let depthResidual: [Int16] = [{ints(v for row in depth['residual'] for v in row)}]",
        "    /// Extra relative residual at 364/518 of the resolution (1e-4), row-major; 32767 where undefined.",
        f"    static let depthResolutionLoss: [Int16] = [{ints(v for row in depth['resolution_loss'] for v in row)}]",
        "    /// Histogram over [0, 1] of where ARKit silhouette pixels lie between the near (0) and far (1) surface.",
        f"    static let lidarEdgeHistogram: [Int] = [{ints(edges['histogram'])}]",
        "    /// Cells per side of a silhouette template (COCO polygons rasterised over their box).",
        f"    static let silhouetteGrid = {shapes['grid']}",
        "    /// Silhouette templates per COCO label, one row mask per grid row (bit c = column c), flattened;",
        "    /// the label \"\" is the pooled set, used for every label not listed.",
        "    static let silhouetteTemplates: [(label: String, rows: [UInt16])] = [",
    ]
    for label, summary in list(shapes["labels"].items()) + [("", shapes["pooled"])]:
        lines.append(f"        (label: \"{label}\", rows: [{ints(v for rows in summary['rows'] for v in rows)}]),")
    lines += [
        "    ]",
        "    /// Histogram of real depth jumps at object boundaries (metres, bins of equal width over the range).",
        f"    static let backgroundJumpRange: ClosedRange<Double> = {jumps['range_m'][0]!r}...{jumps['range_m'][1]!r}",
        f"    static let backgroundJumpHistogram: [Int] = [{ints(jumps['histogram'])}]",
        "    /// Real iPhone LiDAR (3D Scanner App captures): metres of measured depth per confidence bin.",
        f"    static let lidarConfidenceBinMetres = {confidence['depth_bin_m']!r}",
        "    /// Samples at confidence 0, 1, 2 per depth bin (4 or more samples from a discontinuity), flattened;",
        "    /// the last bin holds every deeper sample.",
        f"    static let lidarConfidenceCounts: [Int] = [{ints(v for row in confidence['confidence_counts_by_depth'] for v in row)}]",
        "    /// Share of high confidence at 0, 1, 2, 3 and 4 or more samples from a discontinuity over",
        "    /// the share at 4 or more (1e-4; samples within 3 m).",
        f"    static let lidarHighRatioByEdgeDistance: [Int] = [{ints(confidence['high_ratio_by_edge_distance'])}]",
        "    /// Pixels of the 1920-px image between two samples of the real LiDAR map (256 across).",
        f"    static let lidarSamplePixels = {confidence['sample_pixels_of_1920']!r}",
        "    /// Deepest real LiDAR reading, metres (the far end of the valid range).",
        f"    static let lidarFarMetres = {confidence['valid_range_far_m']!r}",
        "    /// Depth noise fitted to real frame pairs 0.2 s apart: sigma = base + perSquareMetre * z^2, metres.",
        f"    static let lidarNoiseBase = {confidence['noise_fit_base_m']!r}",
        f"    static let lidarNoisePerSquareMetre = {confidence['noise_fit_per_square_metre']!r}",
        "    /// ARKit's tracking error at 7 lux over its error at 200 lux (ARexp, 0.4 m of stage travel).",
        f"    static let lowLightPoseErrorFactor = {light['error_factor_7_lux']!r}",
        "}",
        "",
    ]
    return "\n".join(lines)


def main():
    reference, out, swift = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    evo = reference / "evo_testdata"
    pose = [
        pose_residuals(evo, "fr1_xyz", "freiburg1_xyz-groundtruth.txt", "freiburg1_xyz-rgbdslam.txt", "RGBDSLAM"),
        pose_residuals(evo, "fr2_desk", "fr2_desk_groundtruth.txt", "fr2_desk_ORB.txt", "ORB-SLAM"),
    ]
    depth = depth_residuals(reference / "priorda_samples" / "sample-1")
    edges = lidar_edges(reference / "promptda_example")
    write_json(out / "pose-residuals.json", {"step_m": STEP_M, "sequences": pose})
    write_json(out / "depth-residuals.json", depth)
    write_json(out / "lidar-edges.json", edges)
    shapes = silhouettes(reference / "coco_val2014_100")
    jumps = background_jumps(reference)
    write_json(out / "silhouettes.json", shapes)
    write_json(out / "background-jumps.json", jumps)
    confidence = lidar_confidence(reference)
    light = low_light_pose(reference)
    write_json(out / "lidar-confidence.json", confidence)
    write_json(out / "low-light-pose.json", light)
    write_json(out / "vio-drift.json", vio_drift(reference))
    swift.write_text(swift_table(pose, depth, edges, shapes, jumps, confidence, light))


if __name__ == "__main__":
    main()
