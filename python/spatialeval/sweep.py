"""``sweep.h5`` of ``spatial-eval sweep`` (layout ``sweep/2``, or the earlier ``sweep/1``) as pandas DataFrames.

>>> sw = open_sweep("Reports/sweep-shard-ci/sweep.h5")
>>> sw.sweep_names
>>> sw.long("merge")                      # point, axis keys…, recording, metric, value
>>> sw.cube("merge", "duplicates")        # xarray.DataArray (or a LabelledCube without xarray)
>>> sw.verdicts                           # per sweep and key: recommendation, interval, verdict

A sweep's metric cubes have one dimension per swept key for a grid sweep (C order, the first
key slowest) and one dimension ``point`` for a sampled sweep; point ``p`` of ``points`` is
element ``p`` of the flattened cube. The recording ``pooled`` is all recordings together.

A ``sweep/2`` file stores the component cube, the pooled metric cubes and the formulas that
turn summed components into metrics (``/metric_formulas``); a recording's metric cubes are
derived from its components by those formulas when first asked for, bit for bit as the tool
computes them. A ``sweep/1`` file stores every recording's cubes; they are read as stored, and
:meth:`SweepResults.derived_metrics` derives them from the components all the same (by the
formulas of that layout, :data:`SWEEP1_FORMULAS`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from ._h5 import H5Reader, ResultsFileError, with_attrs

#: The layout tag of a sweep's results file.
LAYOUT = "sweep/2"
#: Every layout the reader reads, newest first.
LAYOUTS = ("sweep/2", "sweep/1")
#: The name of the pooled "recording" in the metric cubes.
POOLED = "pooled"

#: The metric formulas of layout ``sweep/1``, whose files store the metric cubes but not the
#: formulas: (metric, numerator, denominator, divisor) as ``/metric_formulas`` of a ``sweep/2``
#: file holds them.
SWEEP1_FORMULAS: Tuple[Tuple[str, str, str, float], ...] = (
    ('false_merges', 'blended', '', 1.0),
    ('false_merge_rate', 'impureFeeds', 'feeds', 1.0),
    ('duplicates', 'duplicates', '', 1.0),
    ('duplicate_rate', 'duplicates', 'objectsAnchored', 1.0),
    ('never_anchored', 'neverAnchored', '', 1.0),
    ('instances', 'instances', '', 1.0),
    ('anchor_error_mean_m', 'errorSum', 'errorCount', 1.0),
    ('convergence_mean_s', 'convergenceSum', 'movesConverged', 1.0),
    ('unconverged_moves', 'moves - movesConverged', '', 1.0),
    ('idf1', 'idf1Weighted', 'groundTruthBoxes', 1.0),
    ('hota', 'hotaWeighted', 'groundTruthBoxes', 1.0),
    ('mota', 'motaWeighted', 'groundTruthBoxes', 1.0),
    ('detector_calls', 'detectorCalls', '', 1.0),
    ('false_missing_rate', 'falseMissing', 'flags', 1.0),
    ('missed_removal_rate', 'missedRemovals', 'removals', 1.0),
    ('flag_latency_mean_s', 'latencySum', 'removals - missedRemovals', 1.0),
    ('wrong_target_rate', 'wrongTargetLocks', 'wrongTargetLocks + correctLocks', 1.0),
    ('missed_lock_rate', 'missedLockable', 'lockableRequests', 1.0),
    ('wrong_target_locks', 'wrongTargetLocks', '', 1.0),
    ('green_over_empty', 'greenWithoutObject', '', 1.0),
    ('green_over_empty_rate', 'greenWithoutObject', 'greenArrivals', 1.0),
    ('time_to_lock_mean_s', 'lockTimeSum', 'lockTimes', 1.0),
    ('label_duplicates', 'labelDuplicates', '', 1.0),
    ('label_blended', 'labelBlended', '', 1.0),
    ('label_anchor_error_mean_m', 'labelErrorSum', 'labelErrorCount', 1.0),
    ('label_time_to_confirmed_mean_s', 'labelConfirmSum', 'labelObjectsShown', 1.0),
    ('radius_wrong_target_rate', 'radiusWrongLocks', 'guidedRequests', 1.0),
    ('blended_twin_pairs', 'blendedTwinPairs', '', 1.0),
    ('blended_twin_pair_rate', 'blendedTwinPairs', 'twinPairs', 1.0),
    ('blended_anchors', 'blendedAnchors', '', 1.0),
    ('blended_anchor_rate', 'blendedAnchors', 'objectsAnchored', 1.0),
    ('wrong_identity_s_per_object', 'wrongIdentitySeconds', 'objectsAnchored', 1.0),
    ('false_missing_per_hour', 'falseMissing', 'recordedSeconds', 3600.0),
    ('detector_calls_per_s', 'detectorCalls', 'recordedSeconds', 1.0),
)


def formula_terms(text: str, component_names: Sequence[str]) -> List[Tuple[int, bool]]:
    """The terms of a formula's numerator or denominator: (component index, subtracted) in order.

    ``text`` is component names joined by ``" + "`` and ``" - "``, the first prefixed ``-``
    when subtracted; empty for no terms. Raises ``ValueError`` for any other text.
    """
    if text == "":
        return []
    tokens = text.split(" ")
    first = tokens[0]
    negated = first.startswith("-")
    names = [first[1:] if negated else first] + tokens[2::2]
    signs = [negated] + [op == "-" for op in tokens[1::2]]
    if len(tokens) % 2 == 0 or any(op not in ("+", "-") for op in tokens[1::2]) or any(n not in component_names for n in names):
        raise ValueError(f"not a formula of known components: {text!r}")
    return [(list(component_names).index(n), sign) for n, sign in zip(names, signs)]


def derive_metric(components: np.ndarray, numerator: Sequence[Tuple[int, bool]], denominator: Sequence[Tuple[int, bool]],
                  divisor: float) -> np.ndarray:
    """A metric from summed components (the last axis of ``components``), as the tool computes it.

    Each sum runs left to right from its first term; the metric is the numerator, or, with a
    denominator, ``numerator / (denominator / divisor)`` where that is positive and NaN elsewhere.
    Every step is one IEEE double operation, so the values equal the tool's bit for bit.
    """
    def signed_sum(terms: Sequence[Tuple[int, bool]]) -> np.ndarray:
        index, negated = terms[0]
        total = -components[..., index] if negated else components[..., index].copy()
        for index, negated in terms[1:]:
            total = total - components[..., index] if negated else total + components[..., index]
        return total

    value = signed_sum(numerator)
    if not denominator:
        return value
    d = signed_sum(denominator)
    if divisor != 1:
        d = d / divisor
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(d > 0, value / d, np.nan)


def pooled_components(components: np.ndarray) -> np.ndarray:
    """Every point's components summed over the recordings (axis −2), one recording after
    another from zero: the order the tool pools them in, so the sums are its sums bit for bit."""
    total = np.zeros(components.shape[:-2] + components.shape[-1:])
    for r in range(components.shape[-2]):
        total = total + components[..., r, :]
    return total


class DerivedMetrics(Mapping):
    """A ``sweep/2`` sweep's metric cubes by recording (then ``pooled``, as stored): each
    recording's cubes are derived from its components when first asked for, then kept."""

    def __init__(self, recordings: Sequence[str], components: np.ndarray, cube_shape: tuple,
                 formulas: Sequence[Tuple[str, List[Tuple[int, bool]], List[Tuple[int, bool]], float]],
                 pooled: Dict[str, np.ndarray]) -> None:
        self._recordings = list(recordings)
        self._components = components
        self._cube_shape = cube_shape
        self._formulas = formulas
        self._cubes: Dict[str, Dict[str, np.ndarray]] = {POOLED: pooled}

    def __getitem__(self, recording: str) -> Dict[str, np.ndarray]:
        if recording not in self._cubes:
            if recording not in self._recordings:
                raise KeyError(recording)
            r = self._recordings.index(recording)
            c = self._components.reshape(self._cube_shape + self._components.shape[-2:])[..., r, :]
            # In name order, as a sweep/1 file's stored cubes are listed.
            self._cubes[recording] = {name: derive_metric(c, n, d, div) for name, n, d, div in sorted(self._formulas, key=lambda f: f[0])}
        return self._cubes[recording]

    def __contains__(self, recording: object) -> bool:
        return recording in self._recordings or recording == POOLED

    def __iter__(self) -> Iterator[str]:
        return iter(self._recordings + [POOLED])

    def __len__(self) -> int:
        return len(self._recordings) + 1


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
    metrics: Mapping[str, Dict[str, np.ndarray]]
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
        with H5Reader(path, LAYOUTS) as reader:
            self.path: str = reader.path
            #: The file's layout: ``sweep/2``, or ``sweep/1`` for a file of earlier versions.
            self.layout: str = reader.layout
            #: How each metric derives from summed components: ``metric``, ``numerator``,
            #: ``denominator``, ``divisor`` (a ``sweep/1`` file: :data:`SWEEP1_FORMULAS`).
            self.metric_formulas: pd.DataFrame = (
                reader.table("/metric_formulas", ["metric", "numerator", "denominator", "divisor"],
                             kinds={"metric": "string", "numerator": "string", "denominator": "string", "divisor": "float"})
                if self.layout != "sweep/1" else
                pd.DataFrame(list(SWEEP1_FORMULAS), columns=["metric", "numerator", "denominator", "divisor"]))
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
        def stored_cubes(recording: str) -> Dict[str, np.ndarray]:
            group = f"{base}/metrics/{recording}"
            cubes = {}
            for metric in reader.children(group):
                values = reader.array(f"{group}/{metric}", "float")
                if values.shape != cube_shape:
                    raise ResultsFileError(reader.path, f"{group}/{metric}", f"has shape {list(values.shape)}, the cube {list(cube_shape)}")
                cubes[metric] = values
            return cubes

        component_names = list(reader.array(f"{base}/component_names", "string"))
        metrics: Mapping[str, Dict[str, np.ndarray]]
        if self.layout == "sweep/1":
            metrics = {recording: stored_cubes(recording) for recording in self.recordings + [POOLED]}
        else:
            try:
                formulas = self._parsed_formulas(component_names)
            except ValueError as error:
                raise ResultsFileError(reader.path, "/metric_formulas", str(error)) from error
            metrics = DerivedMetrics(self.recordings, components, cube_shape, formulas, stored_cubes(POOLED))
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
                     component_names=component_names, components=components,
                     shipped_components=reader.array(f"{base}/shipped_components", "float"), metrics=metrics, attrs=attrs,
                     recommendation=recommendation, leave_one_out=folds, pareto_mask=pareto, variants=variants, pivots=pivots)

    def _parsed_formulas(self, component_names: Sequence[str]) -> List[Tuple[str, List[Tuple[int, bool]], List[Tuple[int, bool]], float]]:
        """:attr:`metric_formulas` with each numerator and denominator as terms over ``component_names``."""
        return [(row.metric, formula_terms(row.numerator, component_names), formula_terms(row.denominator, component_names), float(row.divisor))
                for row in self.metric_formulas.itertuples()]

    def derived_metrics(self, name: str) -> Dict[str, Dict[str, np.ndarray]]:
        """Sweep ``name``'s metric cubes derived from its components by :attr:`metric_formulas`,
        by recording and then ``pooled`` (every recording summed in order): for a ``sweep/1``
        file, bit for bit what it stores (the package's tests check it on a file of that layout)."""
        s = self.sweep(name)
        formulas = self._parsed_formulas(s.component_names)
        grid = s.components.reshape(s.cube_shape + s.components.shape[-2:])
        derived = {recording: {m: derive_metric(grid[..., r, :], n, d, div) for m, n, d, div in formulas}
                   for r, recording in enumerate(self.recordings)}
        pooled = pooled_components(grid)
        derived[POOLED] = {m: derive_metric(pooled, n, d, div) for m, n, d, div in formulas}
        return derived

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
