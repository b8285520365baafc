#!/usr/bin/env python3
"""Runs the package's tests (unittest) and prints ``python package: N checks, D differences``.

Usage: SPATIALEVAL_CHECK_DIR=DIR python run_checks.py    (Scripts/check-python prepares DIR)
Exit status 0 when every test passed and no value differed, 1 otherwise.
"""

from __future__ import annotations

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> int:
    sys.path.insert(0, HERE)
    import checks
    import spatialeval
    print(f"spatialeval {spatialeval.__version__} from {os.path.dirname(spatialeval.__file__)}")
    suite = unittest.defaultTestLoader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    totals = checks.TOTALS
    print(f"python package: {result.testsRun} tests, {totals['checks']} checks, {totals['differences']} differences"
          + ("" if result.wasSuccessful() else f"; {len(result.failures)} failed, {len(result.errors)} errors"))
    return 0 if result.wasSuccessful() and totals["differences"] == 0 and totals["checks"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
