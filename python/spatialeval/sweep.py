"""``sweep.h5`` of ``spatial-eval sweep`` (layout ``sweep/1``) as pandas DataFrames.

>>> sw = open_sweep("Reports/sweep-shard-ci/sweep.h5")
>>> sw.sweep_names
>>> sw.long("merge")                      # point, axis keys…, recording, metric, value
>>> sw.cube("merge", "duplicates")        # xarray.DataArray (or a LabelledCube without xarray)
>>> sw.verdicts                           # per sweep and key: recommendation, interval, verdict

A sweep's metric cubes have one dimension per swept key for a grid sweep (C order, the first
key slowest) and one dimension ``point`` for a sampled sweep; point ``p`` of ``points`` is
element ``p`` of the flattened cube. The recording ``pooled`` is all recordings together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

import numpy as np
import pandas as pd

from ._h5 import H5Reader, ResultsFileError, with_attrs

#: The layout tag of a sweep's results file.
LAYOUT = "sweep/1"
#: The name of the pooled "recording" in the metric cubes.
POOLED = "pooled"


@dataclass
class LabelledCube:
    """A metric cube without xarray: ``values`` with named ``dims`` and ``coords`` (dim → values).

    For a sampled sweep ``dims`` is ``("point",)`` and ``coords`` also holds each swept key's
    value per point.
    """

    name: str
    values: np.ndarray
    dims: tuple
    coords: Dict[str, np.ndarray] = field(default_factory=dict)
    attrs: Dict[str, Any] = field(default_factory=dict)

    def to_series(self) -> pd.Series:
        """The cube as a Series indexed by its dimensions (a long table of one metric)."""
        index = pd.MultiIndex.from_product([self.coords[d] for d in self.dims], names=list(self.dims))
        return pd.Series(self.values.reshape(-1), index=index, name=self.name)


@dataclass
class Sweep:
    """One sweep of the file, as stored (``sweeps/<name>``)."""

    name: str
    axis_keys: List[str]
    axes: Dict[str, np.ndarray]
    points: np.ndarray
    cube_shape: tuple
    component_names: List[str]
    components: np.ndarray
    shipped_components: np.ndarray
    metrics: Dict[str, Dict[str, np.ndarray]]
    attrs: Dict[str, Any]
    recommendation: Dict[str, Any]
    leave_one_out: pd.DataFrame
    pareto_mask: np.ndarray
    variants: Optional[pd.DataFrame]
    pivots: Optional[pd.DataFrame]

    @property
    def is_grid(self) -> bool:
        """Whether the space is a grid (one cube dimension per swept key) rather than sampled
        (one dimension ``point``): the swept definition's ``sampling``."""
        return self.attrs["swept_definition"].get("sampling", "grid") == "grid"


class SweepResults:
    """Everything ``sweep.h5`` holds, read eagerly (the file is closed afterwards)."""

    def __init__(self, path: str) -> None:
        with H5Reader(path, LAYOUT) as reader:
            self.path: str = reader.path
            #: Provenance: root attributes and ``inputs`` (path → SHA-256).
            self.attrs: Dict[str, Any] = reader.provenance()
            prov = self.attrs
            #: The verdicts' thresholds (parsed ``verdict_rules`` JSON).
            self.verdict_rules: Dict[str, Any] = json.loads(reader.attribute("/", "verdict_rules", kind="string"))
            #: Every input (the protocol first, then the recordings): ``path``, ``sha256``.
            self.provenance = with_attrs(reader.table("/provenance", ["path", "sha256"]), prov)
            #: Recording names in protocol order (the recording axis of ``components``).
            self.recordings: List[str] = list(reader.array("/recordings/name", "string"))
            #: The sweeps in protocol order.
            self.sweep_names: List[str] = list(reader.array("/sweep_names", "string"))
            parts = []
            for name in self.recordings:
                frame = reader.table(f"/cosine_pairs/{name}", ["cosine", "same_object"])
                frame.insert(0, "recording", name)
                parts.append(frame)
            pairs = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["recording", "cosine", "same_object"])
            pairs["same_object"] = pairs["same_object"].astype(bool)
            #: Appearance cosines of instance pairs: ``recording``, ``cosine``, ``same_object`` (bool).
            self.cosine_pairs = with_attrs(pairs, prov)
            self._sweeps: Dict[str, Sweep] = {name: self._read_sweep(reader, name) for name in self.sweep_names}

    def _read_sweep(self, reader: H5Reader, name: str) -> Sweep:
        base = f"/sweeps/{name}"
        attrs = reader.attributes(base)
        for key in ("definition", "swept_definition", "base_configuration"):
            if key not in attrs:
                raise ResultsFileError(reader.path, f"{base}/@{key}", "required attribute is missing")
            attrs[key] = json.loads(attrs[key])
        keys = list(reader.array(f"{base}/axis_keys", "string"))
        axes = {key: reader.array(f"{base}/axes/{key}", "float") for key in keys}
        points = reader.array(f"{base}/points", "float").reshape(-1, len(keys))
        components = reader.array(f"{base}/components", "float")
        r = len(self.recordings)
        if components.ndim < 3 or components.shape[-2] != r:
            raise ResultsFileError(reader.path, f"{base}/components",
                                   f"has shape {list(components.shape)}, expected [cube…, {r} recordings, components]")
        cube_shape = tuple(components.shape[:-2])
        if int(np.prod(cube_shape)) != len(points):
            raise ResultsFileError(reader.path, f"{base}/components", f"holds {int(np.prod(cube_shape))} points, points has {len(points)}")
        metrics: Dict[str, Dict[str, np.ndarray]] = {}
        for recording in self.recordings + [POOLED]:
            group = f"{base}/metrics/{recording}"
            metrics[recording] = {}
            for metric in reader.children(group):
                values = reader.array(f"{group}/{metric}", "float")
                if values.shape != cube_shape:
                    raise ResultsFileError(reader.path, f"{group}/{metric}", f"has shape {list(values.shape)}, the cube {list(cube_shape)}")
                metrics[recording][metric] = values
        rec = f"{base}/recommendation"
        recommendation = {
            "rule": reader.attribute(rec, "rule", kind="string"),
            "chosen_point": int(reader.array(f"{rec}/chosen_point", "int")[0]),
        }
        for column, kind in (("value", "float"), ("lower", "float"), ("upper", "float"), ("shipped", "float"),
                             ("verdict", "string"), ("verdict_reason", "string"), ("gain", "float"), ("bound", "string")):
            values = reader.array(f"{rec}/{column}", kind)
            if len(values) != len(keys):
                raise ResultsFileError(reader.path, f"{rec}/{column}", f"has {len(values)} values, one per swept key ({len(keys)}) expected")
            recommendation[column] = values
        pareto = reader.array(f"{rec}/pareto_mask", "int").astype(bool)
        folds = reader.table(f"{rec}/leave_one_out", ["held_out", "chosen_point", "held_out_value", "held_out_best", "held_out_feasible"])
        folds["held_out_feasible"] = folds["held_out_feasible"].astype(bool)
        variants = reader.table(f"{base}/variants") if reader.has(f"{base}/variants") else None
        pivots = reader.table(f"{base}/pivots") if reader.has(f"{base}/pivots") else None
        return Sweep(name=name, axis_keys=keys, axes=axes, points=points, cube_shape=cube_shape,
                     component_names=list(reader.array(f"{base}/component_names", "string")), components=components,
                     shipped_components=reader.array(f"{base}/shipped_components", "float"), metrics=metrics, attrs=attrs,
                     recommendation=recommendation, leave_one_out=folds, pareto_mask=pareto, variants=variants, pivots=pivots)

    # -- access ----------------------------------------------------------------------------
    def sweep(self, name: str) -> Sweep:
        """The stored arrays of sweep ``name``."""
        if name not in self._sweeps:
            raise KeyError(f"{self.path}: no sweep {name!r} (the file holds {', '.join(self.sweep_names)})")
        return self._sweeps[name]

    def _frame(self, frame: pd.DataFrame, name: Optional[str] = None, **extra: Any) -> pd.DataFrame:
        if name is not None:
            s = self.sweep(name)
            extra = {"sweep": name, "definition": s.attrs["definition"], "swept_definition": s.attrs["swept_definition"],
                     "widenings": s.attrs.get("widenings"), "seconds": s.attrs.get("seconds"),
                     "resumed_points": s.attrs.get("resumed_points"), **extra}
        return with_attrs(frame, self.attrs, **extra)

    def points(self, name: str) -> pd.DataFrame:
        """One row per point: ``point`` and one column per swept key, plus ``pareto`` (on the front)."""
        s = self.sweep(name)
        frame = pd.DataFrame(s.points, columns=s.axis_keys)
        frame.insert(0, "point", np.arange(len(s.points)))
        frame["pareto"] = s.pareto_mask.reshape(-1)
        return self._frame(frame, name)

    def table(self, name: str) -> pd.DataFrame:
        """The metric cubes of sweep ``name`` as one wide long table: one row per (point,
        recording) with ``point``, the swept keys, ``recording`` (then ``pooled``) and one column
        per metric."""
        s = self.sweep(name)
        parts = []
        for recording, cubes in s.metrics.items():
            frame = pd.DataFrame(s.points, columns=s.axis_keys)
            frame.insert(0, "point", np.arange(len(s.points)))
            frame["recording"] = recording
            for metric, values in cubes.items():
                frame[metric] = values.reshape(-1)
            parts.append(frame)
        return self._frame(pd.concat(parts, ignore_index=True), name)

    def long(self, name: str, metrics: Optional[Sequence[str]] = None) -> pd.DataFrame:
        """The metric cubes fully long: ``point``, the swept keys, ``recording``, ``metric``, ``value``."""
        wide = self.table(name)
        id_columns = ["point", *self.sweep(name).axis_keys, "recording"]
        value_columns = [c for c in wide.columns if c not in id_columns]
        if metrics is not None:
            unknown = sorted(set(metrics) - set(value_columns))
            if unknown:
                raise KeyError(f"{self.path}: sweep {name!r} has no metric {', '.join(unknown)}")
            value_columns = list(metrics)
        frame = wide.melt(id_vars=id_columns, value_vars=value_columns, var_name="metric", value_name="value")
        return self._frame(frame, name)

    def components(self, name: str) -> pd.DataFrame:
        """The raw metric components: one row per (point, recording) with ``point``, the swept
        keys, ``recording`` and one column per component; the shipped configuration's rows have
        ``point`` −1 and NaN keys."""
        s = self.sweep(name)
        r, c = len(self.recordings), len(s.component_names)
        flat = s.components.reshape(len(s.points), r, c)
        index = pd.MultiIndex.from_product([np.arange(len(s.points)), self.recordings], names=["point", "recording"])
        frame = pd.DataFrame(flat.reshape(-1, c), columns=s.component_names, index=index).reset_index()
        keys = pd.DataFrame(np.repeat(s.points, r, axis=0), columns=s.axis_keys)
        frame = pd.concat([frame[["point"]], keys, frame.drop(columns=["point"])], axis=1)
        shipped = pd.DataFrame(s.shipped_components.reshape(r, c), columns=s.component_names)
        shipped.insert(0, "recording", self.recordings)
        for key in reversed(s.axis_keys):
            shipped.insert(0, key, np.nan)
        shipped.insert(0, "point", -1)
        return self._frame(pd.concat([frame, shipped], ignore_index=True), name)

    def cube(self, name: str, metric: str, recording: str = POOLED) -> Any:
        """One metric cube as an ``xarray.DataArray`` (dims: the swept keys of a grid, or
        ``point``) when xarray is importable, else a :class:`LabelledCube`."""
        s = self.sweep(name)
        if recording not in s.metrics:
            raise KeyError(f"{self.path}: sweep {name!r} has no recording {recording!r}")
        if metric not in s.metrics[recording]:
            raise KeyError(f"{self.path}: sweep {name!r} has no metric {metric!r}")
        values = s.metrics[recording][metric]
        grid = s.is_grid
        attrs = {"sweep": name, "metric": metric, "recording": recording, "file": self.path}
        if grid:
            dims = tuple(s.axis_keys)
            coords: Dict[str, Any] = {k: s.axes[k] for k in s.axis_keys}
        else:
            dims = ("point",)
            coords = {"point": np.arange(len(s.points))}
        try:
            import xarray  # noqa: F401  (optional)
        except ImportError:
            extra = {} if grid else {k: s.points[:, a] for a, k in enumerate(s.axis_keys)}
            return LabelledCube(name=metric, values=values, dims=dims, coords={**coords, **extra}, attrs=attrs)
        import xarray as xr
        if not grid:
            coords = {**{"point": coords["point"]}, **{k: ("point", s.points[:, a]) for a, k in enumerate(s.axis_keys)}}
        return xr.DataArray(values, dims=dims, coords=coords, name=metric, attrs=attrs)

    def recommendation(self, name: str) -> pd.DataFrame:
        """Per swept key of sweep ``name``: ``key``, ``value`` (recommended; NaN when nothing is
        feasible), ``lower``, ``upper``, ``shipped``, ``verdict``, ``verdict_reason``, ``gain``,
        ``bound``; ``attrs`` adds ``rule`` and ``chosen_point`` (−1 for none)."""
        s = self.sweep(name)
        rec = s.recommendation
        frame = pd.DataFrame({"key": s.axis_keys, **{k: rec[k] for k in
                              ("value", "lower", "upper", "shipped", "verdict", "verdict_reason", "gain", "bound")}})
        return self._frame(frame, name, rule=rec["rule"], chosen_point=rec["chosen_point"])

    @property
    def verdicts(self) -> pd.DataFrame:
        """:meth:`recommendation` of every sweep stacked, with ``sweep``, ``rule`` and ``chosen_point`` columns."""
        parts = []
        for name in self.sweep_names:
            frame = self.recommendation(name)
            frame.insert(0, "sweep", name)
            frame["rule"] = frame.attrs["rule"]
            frame["chosen_point"] = frame.attrs["chosen_point"]
            parts.append(pd.DataFrame(frame))
        return self._frame(pd.concat(parts, ignore_index=True))

    def leave_one_out(self, name: str) -> pd.DataFrame:
        """One row per held-out recording: ``held_out``, ``chosen_point``, ``held_out_value``, ``held_out_best``, ``held_out_feasible``."""
        return self._frame(self.sweep(name).leave_one_out.copy(), name)

    def variants(self, name: str) -> pd.DataFrame:
        """The simulator-assumption variants table (one row per variant and key); empty when absent."""
        table = self.sweep(name).variants
        return self._frame(table.copy() if table is not None else pd.DataFrame(), name)

    def pivots(self, name: str) -> pd.DataFrame:
        """The pivot scans table (one row per pivot step and key); empty when absent."""
        table = self.sweep(name).pivots
        return self._frame(table.copy() if table is not None else pd.DataFrame(), name)

    def __repr__(self) -> str:
        return f"SweepResults({self.path!r}: sweeps {', '.join(self.sweep_names)}; {len(self.recordings)} recordings)"


def open_sweep(path: str) -> SweepResults:
    """Reads a sweep's ``sweep.h5``; raises :class:`ResultsFileError` naming the file and object."""
    return SweepResults(path)
