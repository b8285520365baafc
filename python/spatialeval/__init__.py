"""Read the results files of SpatialEval's ``spatial-eval`` tool as pandas DataFrames.

* :func:`open_run` — ``results.h5`` of ``spatial-eval run`` (:class:`RunResults`);
* :func:`open_sweep` — ``sweep.h5`` of ``spatial-eval sweep`` (:class:`SweepResults`);
* :func:`open_score_mot` — ``score-mot --out FILE.h5`` (:class:`ScoreMOTResults`);
* :func:`open_warmth` — ``results.h5`` of ``spatial-eval warmth`` (:class:`WarmthResults`);
* :func:`open_plan` — ``plan.json`` of ``spatial-eval plan-shards`` (:class:`ShardPlan`);
* :func:`open_results` — any of the four HDF5 layouts, by the file's ``layout`` attribute.

Every DataFrame carries the file's provenance in ``.attrs``; a file that does not match its
layout raises :class:`ResultsFileError` naming the file and the dataset. Layouts:
``Docs/result-store.md``; this package: ``Docs/python.md``.
"""

from __future__ import annotations

from typing import Union

from ._h5 import H5Reader, ResultsFileError
from .plan import ShardPlan, open_plan
from .run import RunResults, open_run
from .scoremot import ScoreMOTResults, open_score_mot
from .sweep import LabelledCube, Sweep, SweepResults, open_sweep
from .warmth import WarmthResults, open_warmth

__version__ = "0.1.0"

__all__ = [
    "ResultsFileError", "RunResults", "SweepResults", "ScoreMOTResults", "WarmthResults", "ShardPlan", "Sweep", "LabelledCube",
    "open_run", "open_sweep", "open_score_mot", "open_warmth", "open_plan", "open_results",
]


def open_results(path: str) -> Union[RunResults, SweepResults, ScoreMOTResults, WarmthResults]:
    """Opens a results file of any layout (``run/1``, ``sweep/2`` or ``sweep/1``, ``score-mot/1``, ``warmth/1``)."""
    with H5Reader(path) as reader:
        layout = reader.attribute("/", "layout", default=None)
    readers = {"run/1": RunResults, "sweep/2": SweepResults, "sweep/1": SweepResults, "score-mot/1": ScoreMOTResults,
               "warmth/1": WarmthResults}
    if layout not in readers:
        raise ResultsFileError(str(path), "/@layout", f"is {layout!r}, not one of {', '.join(readers)}")
    return readers[layout](path)
