"""``results.h5`` of ``spatial-eval warmth`` (layout ``warmth/1``) as pandas DataFrames.

>>> w = open_warmth("Reports/warmth/results.h5")
>>> w.points.query("feasible == 1").nsmallest(5, "median_ttf_s")
>>> w.summaries.loc[["baseline", "recommended"], ["median_ttf_s", "false_finds_per_min"]]
>>> w.components.to_series().unstack("component")   # per (point, trial) what the sweep recorded
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import numpy as np
import pandas as pd

from ._h5 import H5Reader, ResultsFileError, with_attrs
from .sweep import LabelledCube

#: The layout tag of a warmth results file.
LAYOUT = "warmth/1"
#: The grid dimensions, in the order of the point rows' ``<dimension>_index`` columns.
DIMENSIONS = ["tau", "floor", "alpha", "warm_on", "warm_gap", "found_score", "kn"]
#: The JSON attributes of the root, decoded into :attr:`WarmthResults.details`.
JSON_ATTRIBUTES = ["warnings", "fidelity", "baseline", "recommended", "paired", "gate"]


class WarmthResults:
    """Everything a warmth ``results.h5`` holds, read eagerly."""

    def __init__(self, path: str) -> None:
        with H5Reader(path, LAYOUT) as reader:
            self.path: str = reader.path
            #: Provenance: ``tool_version``, ``protocol_name``, ``protocol_sha256``, ``inputs``, ….
            self.attrs: Dict[str, Any] = reader.provenance()
            prov = self.attrs
            root = reader.attributes("/")
            #: Counts and flags of the root: ``trials``, ``sessions``, ``grid_points``,
            #: ``feasible_points``, ``robust``, ``simulated``, ``resumed_points``, and when present
            #: ``best_feasible_point`` and ``best_feasible_median_ttf_s``.
            self.counts: Dict[str, Any] = {k: root[k] for k in (
                "trials", "sessions", "grid_points", "feasible_points", "robust", "simulated", "resumed_points",
                "best_feasible_point", "best_feasible_median_ttf_s") if k in root}
            #: The nested values the file keeps as JSON attributes, decoded (None when absent).
            self.details: Dict[str, Any] = {}
            for name in JSON_ATTRIBUTES:
                raw = root.get(name)
                try:
                    self.details[name] = None if raw is None else json.loads(raw)
                except ValueError as error:
                    raise ResultsFileError(self.path, f"/@{name}", f"is not JSON: {error}") from error
            self.protocol: Dict[str, Any] = json.loads(root["protocol_text"])
            #: The swept values per dimension (``k`` and ``n`` pair up as ``kn``).
            self.grid: Dict[str, np.ndarray] = {d: reader.array(f"/grid/{d}", "float") for d in DIMENSIONS[:-1]}
            self.grid["k"] = reader.array("/grid/k", "int")
            self.grid["n"] = reader.array("/grid/n", "int")
            points = reader.table("/points", [f"{d}_index" for d in DIMENSIONS])
            sizes = [len(self.grid[d]) for d in DIMENSIONS[:-1]] + [len(self.grid["k"])]
            for d, size in zip(DIMENSIONS, sizes):
                column = points[f"{d}_index"]
                if len(column) and (column.min() < 0 or column.max() >= size):
                    raise ResultsFileError(self.path, f"/points/{d}_index", f"holds an index outside the grid's {size} values")
            values = {d: self.grid[d][points[f"{d}_index"].to_numpy()] for d in DIMENSIONS[:-1]}
            values["k"] = self.grid["k"][points["kn_index"].to_numpy()]
            values["n"] = self.grid["n"][points["kn_index"].to_numpy()]
            points.insert(0, "point", np.arange(len(points)))
            for offset, (name, column) in enumerate(values.items()):
                points.insert(1 + offset, name, column)
            #: One row per grid point (flat C order): ``point``, the point's values (``tau`` …
            #: ``found_score``, ``k``, ``n``), their indices, and the figures the choice compares.
            self.points = with_attrs(points, prov)
            #: One row per trial: ``trial_id``, ``session``, ``target_present`` (1, 0, NaN).
            self.trials = with_attrs(reader.table("/trials", ["trial_id", "session", "target_present"]), prov)
            names = [str(n) for n in reader.array("/component_names", "string")]
            #: The per-trial component names, in the cube's last dimension.
            self.component_names: List[str] = names
            if reader.has("/components"):
                cube = reader.array("/components", "float")
                expected = (len(points), len(self.trials), len(names))
                if cube.shape != expected:
                    raise ResultsFileError(self.path, "/components", f"has shape {list(cube.shape)}, expected {list(expected)}")
            else:
                cube = np.zeros((0, len(self.trials), len(names)))
            #: ``components[point, trial, component]`` as a labelled cube (``to_series()`` gives
            #: the long table); an xarray ``DataArray`` from :meth:`components_xarray`.
            self.components = LabelledCube(
                name="components", values=cube, dims=("point", "trial", "component"),
                coords={"point": np.arange(cube.shape[0]), "trial": np.asarray(self.trials["trial_id"], dtype=object),
                        "component": np.asarray(names, dtype=object)}, attrs=dict(prov))
            summaries = reader.table("/summaries", ["name", "summary"])
            #: The full summaries (every metric of Docs/warmth.md#metrics) by name, decoded.
            self.summary_details: Dict[str, Any] = {name: json.loads(text) for name, text in zip(summaries["name"], summaries["summary"])}
            #: One row per summarised parameter set (``baseline``, ``recommended``, ``held_out``),
            #: indexed by name: the headline figures.
            self.summaries = with_attrs(summaries.drop(columns=["summary"]).set_index("name"), prov)
            #: One row per grid dimension: ``name``, ``shipped``, ``recommended``, ``fold_low``, ``fold_high``.
            self.constants = with_attrs(reader.table("/constants"), prov)
            #: One row per held-out session: ``held_out``, ``chosen`` (empty when none), ``held_out_trials``.
            self.folds = with_attrs(reader.table("/folds"), prov)
            #: The recommended point, then its grid neighbours.
            self.neighbours = with_attrs(reader.table("/neighbours"), prov)
            #: The Pareto front of median time-to-find against false finds per minute.
            self.pareto = with_attrs(reader.table("/pareto"), prov)

    def components_xarray(self) -> Optional[Any]:
        """The component cube as an ``xarray.DataArray`` when xarray is installed, else None."""
        try:
            import xarray  # type: ignore
        except ImportError:
            return None
        cube = self.components
        return xarray.DataArray(cube.values, dims=cube.dims, coords=cube.coords, name=cube.name, attrs=cube.attrs)

    def __repr__(self) -> str:
        return (f"WarmthResults({self.path!r}: {self.counts.get('trials')} trials, "
                f"{self.counts.get('grid_points')} grid points, {self.counts.get('feasible_points')} feasible)")


def open_warmth(path: str) -> WarmthResults:
    """Reads a warmth ``results.h5``; raises :class:`ResultsFileError` naming the file and object."""
    return WarmthResults(path)
