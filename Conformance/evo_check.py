"""Compares `spatial-eval ate --format json` with evo's `evo_ape` (translation part).

Usage: evo_check.py SPATIAL_EVAL DATA_DIR WORK_DIR
Runs evo_ape (from this interpreter's environment) on every trajectory pair in DATA_DIR for
alignment none, se3 (-a) and sim3 (-a -s), saves its results, runs our tool on the same
files, and compares the seven statistics, the number of pairs, and the alignment (rotation,
translation, scale from evo's `alignment_transformation_sim3`). Values agree when
|a - b| <= 1e-9 * max(|a|, |b|), or |a - b| <= 1e-12 for values near zero.
Prints one line per case and `evo conformance: N values compared, D differed`; exits 1 on
any difference or failure.
"""
import json
import os
import subprocess
import sys

import numpy as np
from evo.tools import file_interface

PAIRS = [
    ("freiburg1_xyz-groundtruth.txt", "freiburg1_xyz-rgbdslam.txt"),
    ("freiburg1_xyz-groundtruth.txt", "freiburg1_xyz-ORB_kf_mono.txt"),
    ("fr2_desk_groundtruth.txt", "fr2_desk_ORB.txt"),
    ("fr2_desk_groundtruth.txt", "fr2_desk_ORB_kf_mono.txt"),
]
ALIGN_FLAGS = {"none": [], "se3": ["-a"], "sim3": ["-a", "-s"]}
STATISTICS = ["rmse", "mean", "median", "std", "min", "max", "sse"]


def agree(a, b):
    return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b)) or abs(a - b) <= 1e-12


def evo_values(ref, est, align, work):
    out = os.path.join(work, f"{os.path.basename(est)}.{align}.zip")
    if os.path.exists(out):
        os.remove(out)
    evo_ape = os.path.join(os.path.dirname(sys.executable), "evo_ape")
    subprocess.run([evo_ape, "tum", ref, est, *ALIGN_FLAGS[align], "--save_results", out, "--no_warnings"],
                   check=True, stdout=subprocess.DEVNULL)
    result = file_interface.load_res_file(out)
    values = {name: float(result.stats[name]) for name in STATISTICS}
    values["pairs"] = float(len(result.np_arrays["error_array"]))
    sim3 = result.np_arrays.get("alignment_transformation_sim3", np.eye(4))
    scale = float(np.cbrt(np.linalg.det(sim3[:3, :3])))
    values["scale"] = scale
    for i in range(3):
        values[f"t{i}"] = float(sim3[i, 3])
        for j in range(3):
            values[f"R{i}{j}"] = float(sim3[i, j] / scale)
    return values


def our_values(tool, ref, est, align):
    text = subprocess.run([tool, "ate", "--ref", ref, "--est", est, "--align", align, "--format", "json"],
                          check=True, capture_output=True, text=True).stdout
    report = json.loads(text)
    values = {name: float(report["statistics"][name]) for name in STATISTICS}
    values["pairs"] = float(report["pairs"])
    values["scale"] = float(report["alignment"]["scale"])
    for i in range(3):
        values[f"t{i}"] = float(report["alignment"]["translation"][i])
        for j in range(3):
            values[f"R{i}{j}"] = float(report["alignment"]["rotation"][i][j])
    return values


def main():
    tool, data, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    compared = differed = 0
    for ref_name, est_name in PAIRS:
        ref, est = os.path.join(data, ref_name), os.path.join(data, est_name)
        for align in ALIGN_FLAGS:
            theirs = evo_values(ref, est, align, work)
            ours = our_values(tool, ref, est, align)
            bad = [k for k in theirs if not agree(ours[k], theirs[k])]
            compared += len(theirs)
            differed += len(bad)
            status = "ok" if not bad else "DIFF " + ", ".join(f"{k}: ours {ours[k]!r} evo {theirs[k]!r}" for k in bad)
            print(f"{est_name} vs {ref_name} align={align}: {len(theirs)} values, {status}")
    print(f"evo conformance: {compared} values compared, {differed} differed")
    return 1 if differed else 0


if __name__ == "__main__":
    sys.exit(main())
