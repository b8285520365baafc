"""Shared helpers of the package's tests: the files one check run made, and value comparison.

The tests read files that ``Scripts/check-python`` wrote with the Swift tool in the same run,
from the folder ``$SPATIALEVAL_CHECK_DIR``:

* ``run/results.h5`` and ``run.json`` (``spatial-eval report run/results.h5 --json``);
* ``sweep/sweep.h5`` and ``sweep.json`` (``spatial-eval report sweep/sweep.h5 --json``);
* ``warmth/results.h5`` and ``warmth.json`` (``spatial-eval report warmth/results.h5 --json``);
* ``mot.h5`` and ``mot.json`` (``spatial-eval score-mot … --format json --out mot.h5``);
* ``plan-<strategy>/`` (``plan-shards``) with every shard computed (``run-shard``).

Every value the package returns is compared with the Swift side's: numbers exactly (the JSON
holds the shortest text that reads back to the same double; NaN equals NaN; non-finite
numbers are the strings "NaN", "Infinity", "-Infinity"), integers and strings exactly.
"""

from __future__ import annotations

import json
import math
import os
import unittest
from typing import Any, Iterable, List

import numpy as np

#: Totals over every test of the process (printed by run_checks.py).
TOTALS = {"checks": 0, "differences": 0}


def check_dir() -> str:
    """The folder of the files the Swift tool wrote; an error when it is not set."""
    folder = os.environ.get("SPATIALEVAL_CHECK_DIR")
    if not folder or not os.path.isdir(folder):
        raise RuntimeError("SPATIALEVAL_CHECK_DIR is not set to the folder Scripts/check-python writes")
    return folder


def path(*parts: str) -> str:
    """A file of the check folder."""
    return os.path.join(check_dir(), *parts)


def load_json(name: str) -> Any:
    """A JSON dump of the check folder."""
    with open(path(name), encoding="utf-8") as f:
        return json.load(f)


def decode(value: Any) -> Any:
    """The JSON's non-finite strings as floats; other values unchanged."""
    if isinstance(value, str) and value in ("NaN", "Infinity", "-Infinity"):
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value]
    return value


def plain(value: Any) -> Any:
    """A numpy scalar as a Python value."""
    return value.item() if isinstance(value, np.generic) else value


def same(got: Any, want: Any) -> bool:
    """Exact equality with NaN = NaN; bools compare with 0/1; an int never equals a str."""
    got, want = plain(got), decode(want)
    if isinstance(got, str) or isinstance(want, str):
        return isinstance(got, str) and isinstance(want, str) and got == want
    if isinstance(got, bool) or isinstance(want, bool):
        return int(got) == int(want)
    if isinstance(got, float) and isinstance(want, (int, float)) and math.isnan(got):
        return isinstance(want, float) and math.isnan(want)
    if isinstance(want, float) and math.isnan(want):
        return False
    return type(got) in (int, float) and got == want


class Checker:
    """Counts compared values and collects differences for one test."""

    def __init__(self, test: unittest.TestCase) -> None:
        self.test = test
        self.differences: List[str] = []
        test.addCleanup(self.finish)

    def value(self, label: str, got: Any, want: Any) -> None:
        """One value."""
        TOTALS["checks"] += 1
        if not same(got, want):
            TOTALS["differences"] += 1
            self.differences.append(f"{label}: package {plain(got)!r}, Swift {want!r}")

    def values(self, label: str, got: Iterable[Any], want: Iterable[Any]) -> None:
        """A column: the lengths, then every element."""
        got, want = list(got), list(want)
        self.value(f"{label} (length)", len(got), len(want))
        for k, (g, w) in enumerate(zip(got, want)):
            self.value(f"{label}[{k}]", g, w)

    def truth(self, label: str, condition: bool) -> None:
        """A fact that must hold."""
        self.value(label, bool(condition), True)

    def finish(self) -> None:
        if self.differences:
            shown = "\n  ".join(self.differences[:30])
            more = f"\n  … and {len(self.differences) - 30} more" if len(self.differences) > 30 else ""
            self.test.fail(f"{len(self.differences)} differences:\n  {shown}{more}")
