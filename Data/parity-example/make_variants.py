"""Makes two detector "variants" of a COCO results file, for the worked det-parity example of
Docs/detection-parity.md (plain python3, seeded).

Usage: make_variants.py REFERENCE.json OUT_DIR

* OUT_DIR/variant-close.json: every box moved by at most 0.3 px on each side and every score
  changed by a few thousandths (what an fp16 variant looks like);
* OUT_DIR/variant-broken.json: the same, then a third of the boxes shifted by a quarter of
  their size, one box in eight of score ≥ 0.5 dropped, one in twenty relabelled with
  another category, and a few confident boxes invented (what a 4-bit variant looks like).
"""
import json
import random
import sys
from pathlib import Path


def main():
    reference = json.loads(Path(sys.argv[1]).read_text())
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20261201)
    categories = sorted({d["category_id"] for d in reference})

    def close(d):
        x, y, w, h = d["bbox"]
        return dict(d, bbox=[x + rng.uniform(-0.3, 0.3), y + rng.uniform(-0.3, 0.3), w + rng.uniform(-0.3, 0.3), h + rng.uniform(-0.3, 0.3)],
                    score=min(1.0, max(0.0, d["score"] + rng.uniform(-0.004, 0.004))))

    variant = [close(d) for d in reference]
    (out / "variant-close.json").write_text(json.dumps(variant))
    broken = []
    for d in variant:
        if d["score"] >= 0.5 and rng.random() < 1 / 8:
            continue
        x, y, w, h = d["bbox"]
        if rng.random() < 1 / 3:
            d = dict(d, bbox=[x + 0.25 * w, y + 0.25 * h, w, h])
        if rng.random() < 1 / 20:
            d = dict(d, category_id=rng.choice([c for c in categories if c != d["category_id"]]))
        broken.append(d)
    for d in rng.sample(reference, 10):
        x, y, w, h = d["bbox"]
        broken.append(dict(d, bbox=[x + 2 * w, y, w, h], score=0.9))
    (out / "variant-broken.json").write_text(json.dumps(broken))


if __name__ == "__main__":
    main()
