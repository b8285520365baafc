"""Shard plans (``DIR/plan.json`` of ``spatial-eval plan-shards``) as pandas DataFrames.

>>> plan = open_plan("runs/ci")            # a run folder or its plan.json
>>> plan.items.groupby("shard").size()     # work items per shard
>>> plan.items.query("shard == 2")         # the sweep points shard 2 computes

The plan is JSON (format ``spatial-eval-shard-plan/1``, Docs/scale-out.md#plan-file); its
``units`` are the sweeps (or the corpus) in order, and global work item ``i`` is item
``i - offset`` of the unit it falls in. Blocks and weighted blocks give shard ``k`` the items
``boundaries[k] ≤ i < boundaries[k + 1]``; strided gives it the items ``i ≡ k (mod shards)``.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List

import numpy as np
import pandas as pd

from ._h5 import ResultsFileError

#: The plan-file format tag.
FORMAT = "spatial-eval-shard-plan/1"


class ShardPlan:
    """A parsed ``plan.json``; ``attrs`` holds its scalar fields (tool version, git commit, …)."""

    def __init__(self, path: str) -> None:
        path = os.fspath(path)
        if os.path.isdir(path):
            path = os.path.join(path, "plan.json")
        self.path: str = path
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as error:
            raise ResultsFileError(path, "", f"cannot be read as a shard plan: {error}") from error
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
            raise ResultsFileError(path, "format", f"is {found!r}, expected {FORMAT!r}")
        for key in ("kind", "input", "units", "recordings", "mapping", "toolVersion", "gitCommit"):
            if key not in doc:
                raise ResultsFileError(path, key, "required key is missing")
        #: The whole document as parsed.
        self.document: Dict[str, Any] = doc
        mapping = doc["mapping"]
        for key in ("strategy", "shards", "count", "boundaries"):
            if key not in mapping:
                raise ResultsFileError(path, f"mapping.{key}", "required key is missing")
        #: The plan's scalar fields (``format``, ``kind``, ``toolVersion``, ``gitCommit``, ``seed``,
        #: ``openblasCoretype``, ``workingDirectory``, ``weightModel``, …), the input and the mapping's strategy.
        self.attrs: Dict[str, Any] = {k: v for k, v in doc.items() if not isinstance(v, (dict, list))}
        self.attrs.update({"file": path, "input_path": doc["input"]["path"], "input_sha256": doc["input"]["sha256"],
                           "strategy": mapping["strategy"], "shards": mapping["shards"],
                           "inputs": {doc["input"]["path"]: doc["input"]["sha256"],
                                      **{r["path"]: r["sha256"] for r in doc["recordings"]}}})
        units = pd.DataFrame(doc["units"], columns=["name", "count"])
        units.insert(0, "unit", np.arange(len(units)))
        units["offset"] = np.concatenate([[0], np.cumsum(units["count"].to_numpy())[:-1]]).astype(int) if len(units) else []
        #: The units (sweeps, or the corpus) in order: ``unit``, ``name``, ``count``, ``offset``.
        self.units = self._attrs(units)
        #: The recordings of a sweep plan, in sweep order: ``path``, ``sha256``.
        self.recordings = self._attrs(pd.DataFrame(doc["recordings"], columns=["path", "sha256"]))
        total = int(units["count"].sum()) if len(units) else 0
        if mapping["count"] != total:
            raise ResultsFileError(path, "mapping.count", f"is {mapping['count']}, the units hold {total} work items")
        item = np.arange(total)
        unit = np.repeat(units["unit"].to_numpy(), units["count"].to_numpy())
        shard = self._shards(item, mapping)
        #: One row per work item: ``item`` (global index), ``unit``, ``name`` (the sweep),
        #: ``index`` (inside the unit) and ``shard``.
        self.items = self._attrs(pd.DataFrame({
            "item": item, "unit": unit, "name": units["name"].to_numpy()[unit] if total else [],
            "index": item - units["offset"].to_numpy()[unit] if total else [], "shard": shard}))

    def _shards(self, item: np.ndarray, mapping: Dict[str, Any]) -> np.ndarray:
        shards = int(mapping["shards"])
        if mapping["strategy"] == "strided":
            return item % shards
        bounds = np.asarray(mapping["boundaries"], dtype=int)
        if len(bounds) != shards + 1 or bounds[0] != 0 or bounds[-1] != len(item) or np.any(np.diff(bounds) <= 0):
            raise ResultsFileError(self.path, "mapping.boundaries", f"{bounds.tolist()} do not cover {len(item)} items in {shards} shards")
        return np.searchsorted(bounds, item, side="right") - 1

    def _attrs(self, frame: pd.DataFrame) -> pd.DataFrame:
        frame.attrs.update(self.attrs)
        return frame

    @property
    def shards(self) -> pd.DataFrame:
        """One row per shard: ``shard``, ``items`` (count), ``first`` and ``last`` global item."""
        grouped = self.items.groupby("shard")["item"]
        frame = pd.DataFrame({"items": grouped.size(), "first": grouped.min(), "last": grouped.max()})
        frame = frame.reindex(range(int(self.attrs["shards"])), fill_value=0).rename_axis("shard").reset_index()
        return self._attrs(frame)

    def items_of(self, shard: int) -> List[int]:
        """The global work items of shard ``shard``, ascending."""
        return self.items.loc[self.items["shard"] == shard, "item"].tolist()

    def __repr__(self) -> str:
        return f"ShardPlan({self.path!r}: {len(self.items)} {self.attrs.get('kind')} items in {self.attrs['shards']} shards)"


def open_plan(path: str) -> ShardPlan:
    """Reads ``plan.json`` (or ``DIR/plan.json``); raises :class:`ResultsFileError` naming the file and key."""
    return ShardPlan(path)
