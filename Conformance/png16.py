"""Reads 16-bit greyscale PNG depth images with numpy alone (no imaging library), for the
conformance checks and for Data/error-models/derive.py."""
import struct
import zlib

import numpy as np


def read_png16(path):
    """A 16-bit greyscale, non-interlaced PNG as a uint16 array (the five PNG row filters)."""
    return read_png_grey(path, 16)


def read_png_grey(path, bits):
    """A greyscale, non-interlaced PNG of `bits` (8 or 16) bits per sample as a uint16 array."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == bits and colour == 0 and interlace == 0, f"{path}: not a {bits}-bit greyscale, non-interlaced PNG"
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8)
    bpp = bits // 8
    stride = width * bpp
    out = np.zeros((height, stride), dtype=np.int64)
    previous = np.zeros(stride, dtype=np.int64)
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)].astype(np.int64)
        if kind == 0:
            cur = line
        elif kind == 2:
            cur = (line + previous) & 0xFF
        else:
            cur = np.zeros(stride, dtype=np.int64)
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                up = previous[i]
                corner = previous[i - bpp] if i >= bpp else 0
                if kind == 1:
                    predictor = left
                elif kind == 3:
                    predictor = (left + up) // 2
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                cur[i] = (line[i] + predictor) & 0xFF
        out[row] = cur
        previous = cur
    if bpp == 1:
        return out.astype(np.uint16)
    return (out[:, 0::2] * 256 + out[:, 1::2]).astype(np.uint16)
