"""h5py interoperability helper for ResultStoreTests (H5pyConformanceTests).

python3 read_with_h5py.py SAMPLE.h5        checks a ResultStore-written sample reads
                                           naturally (shapes, dtypes, UTF-8 str, attrs)
python3 read_with_h5py.py --write OUT.h5   writes an h5py-style file (fixed-length and
                                           ASCII strings, float32, int32) for Swift to read
Exit status 0 on success.
"""
import math
import sys

import h5py
import numpy as np


def main(path):
    with h5py.File(path, "r") as f:
        assert f.attrs["tool"] == "spatial-eval ✓", f.attrs["tool"]
        assert f.attrs["seed"] == -(2**63) and f.attrs["seed"].dtype == np.int64
        assert f.attrs["alpha"] == 0.05 and f.attrs["alpha"].dtype == np.float64
        m = f["metrics"]
        assert sorted(m.keys()) == ["empty", "extremes", "labels", "matrix", "values"]
        v = m["values"][()]
        assert v.dtype == np.float64 and v.shape == (3,)
        assert v[0] == 1.5 and math.isnan(v[1]) and v[2] == math.inf
        assert m["values"].attrs["units"] == "µm"
        mat = m["matrix"][()]
        assert mat.shape == (2, 3) and mat[1, 0] == 4.0 and mat[0, 2] == 3.0, mat
        ext = m["extremes"][()]
        assert ext.dtype == np.int64 and list(ext) == [-(2**63), 0, 2**63 - 1]
        labels = m["labels"].asstr()[()]
        assert list(labels) == ["", "naïve", "日本語 🎉"], labels
        assert m["empty"].shape == (0,) and m["empty"].dtype == np.float64
    print("h5py read OK:", path)


def write(path):
    with h5py.File(path, "w") as f:
        f["fixed"] = np.array([b"ab", b"cde", b""], dtype="S3")
        f.create_dataset("ascii", data=["x", "yz"], dtype=h5py.string_dtype("ascii"))
        f["float32"] = np.array([[0.5, -1.0], [2.0, 4.0]], dtype=np.float32)
        f["int32"] = np.array([-7, 7], dtype=np.int32)
        f["scalar"] = 3.25
        f.attrs["fixed_attr"] = np.bytes_(b"abc")
        f.attrs["str_attr"] = "größe"
        f.attrs["count"] = 42


if __name__ == "__main__":
    if sys.argv[1] == "--write":
        write(sys.argv[2])
    else:
        main(sys.argv[1])
