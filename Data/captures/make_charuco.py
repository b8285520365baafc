#!/usr/bin/env python3
"""Writes Data/captures/charuco from the reference copy of the ChArUco capture
(../shared/data/reference/ios_captures/3dscannerapp-charuco, or $SPATIAL_EVAL_REFERENCE_DATA):
the 3D Scanner App "All Data" export trimmed to what `spatial-eval import --capture` reads.

Kept: every frame's depth_NNNNN.png and conf_NNNNN.png byte for byte, its frame_NNNNN.json
without the location fields (latitude, longitude, altitude, their accuracies, gpsTime, hasGPS),
info.json reduced to the app's version and build, and the capture's LICENSE (Apache-2.0).
Dropped: the RGB frames and thumbnail, the meshes and textures, the ARKit world map, and
everything else of info.json (its GPS position among it).

Usage: Data/captures/make_charuco.py [--check]   (--check rebuilds into a temporary folder
and compares byte for byte with the committed one; exit 1 on a difference.)
"""
import filecmp
import json
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.environ.get("SPATIAL_EVAL_REFERENCE_DATA") or os.path.join(os.path.dirname(ROOT), "shared", "data", "reference")
SOURCE = os.path.join(REFERENCE, "ios_captures", "3dscannerapp-charuco")
TARGET = os.path.join(HERE, "charuco")
LOCATION_KEYS = {"latitude", "longitude", "altitude", "horizontalAccuracy", "verticalAccuracy", "gpsTime", "hasGPS"}
INFO_KEYS = ["appVersionString", "appBuildString"]
KEPT_FILES = ("ORIGIN.md",)


def write_json(value, path):
    with open(path, "w") as out:
        json.dump(value, out, indent=2, sort_keys=True)
        out.write("\n")


def build(target):
    os.makedirs(target, exist_ok=True)
    names = sorted(os.listdir(SOURCE))
    for name in names:
        source = os.path.join(SOURCE, name)
        if re.fullmatch(r"(depth|conf)_\d+\.png", name) or name == "LICENSE":
            shutil.copyfile(source, os.path.join(target, name))
        elif re.fullmatch(r"frame_\d+\.json", name):
            with open(source) as f:
                frame = json.load(f)
            write_json({k: v for k, v in frame.items() if k not in LOCATION_KEYS}, os.path.join(target, name))
    with open(os.path.join(SOURCE, "info.json")) as f:
        info = json.load(f)
    write_json({k: info[k] for k in INFO_KEYS if k in info}, os.path.join(target, "info.json"))


def main():
    if not os.path.isdir(SOURCE):
        print(f"make_charuco: the reference capture is not at {SOURCE}", file=sys.stderr)
        sys.exit(77)
    if "--check" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as scratch:
            build(scratch)
            for name in KEPT_FILES:
                shutil.copyfile(os.path.join(TARGET, name), os.path.join(scratch, name))
            comparison = filecmp.dircmp(scratch, TARGET)
            differences = comparison.left_only + comparison.right_only + comparison.diff_files
            mismatched = [n for n in comparison.common_files if not filecmp.cmp(os.path.join(scratch, n), os.path.join(TARGET, n), shallow=False)]
            if differences or mismatched:
                print(f"make_charuco --check: differs: {sorted(set(differences + mismatched))}", file=sys.stderr)
                sys.exit(1)
        print(f"make_charuco --check: {TARGET} matches the reference capture")
        return
    kept = {n: open(os.path.join(TARGET, n)).read() for n in KEPT_FILES if os.path.exists(os.path.join(TARGET, n))}
    if os.path.isdir(TARGET):
        shutil.rmtree(TARGET)
    build(TARGET)
    for name, text in kept.items():
        with open(os.path.join(TARGET, name), "w") as out:
            out.write(text)
    print(f"make_charuco: wrote {TARGET}")


if __name__ == "__main__":
    main()
