"""``score-mot --out FILE.h5`` (layout ``score-mot/1``) as pandas DataFrames.

>>> mot = open_score_mot("scores.h5")
>>> mot.summary.loc["COMBINED", ["HOTA", "MOTA", "IDF1"]]
>>> mot.hota_alpha.pivot(index="alpha", columns="sequence", values="HOTA")
>>> mot.events.groupby(["sequence", "kind"]).size()
"""

from __future__ import annotations

from typing import Any, Dict, List

import pandas as pd

from ._h5 import H5Reader, ResultsFileError, with_attrs

#: The layout tag of a score-mot results file.
LAYOUT = "score-mot/1"
#: Event kinds as stored in ``events/<sequence>/kind``.
EVENT_KINDS = {0: "MATCH", 1: "SWITCH", 2: "MISS", 3: "FP"}


class ScoreMOTResults:
    """Everything a ``score-mot --out`` file holds, read eagerly."""

    def __init__(self, path: str) -> None:
        with H5Reader(path, LAYOUT) as reader:
            self.path: str = reader.path
            #: Provenance: ``tool_version``, ``git_commit``, ``created_utc``, ``convention``, ``inputs``.
            self.attrs: Dict[str, Any] = reader.provenance()
            prov = self.attrs
            summary = reader.table("/summary", ["sequence"])
            #: One row per sequence, the combined row (``COMBINED`` or ``OVERALL``) last, indexed by ``sequence``.
            self.summary = with_attrs(summary.set_index("sequence"), prov)
            #: The sequence names of the summary, in order.
            self.sequences: List[str] = list(summary["sequence"])
            rows = []
            if reader.has("/hota_alpha"):
                alpha = reader.array("/hota_alpha/alpha", "float")
                for metric in reader.children("/hota_alpha"):
                    if metric == "alpha":
                        continue
                    values = reader.array(f"/hota_alpha/{metric}", "float")
                    if values.shape != (len(self.sequences), len(alpha)):
                        raise ResultsFileError(reader.path, f"/hota_alpha/{metric}",
                                               f"has shape {list(values.shape)}, expected [{len(self.sequences)}, {len(alpha)}]")
                    rows.append(pd.DataFrame({"sequence": [s for s in self.sequences for _ in alpha],
                                              "alpha": list(alpha) * len(self.sequences), "metric": metric,
                                              "value": values.reshape(-1)}))
            long = pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=["sequence", "alpha", "metric", "value"])
            #: HOTA family per α (TrackEval convention; empty otherwise), wide: ``sequence``,
            #: ``alpha`` and one column per metric.
            self.hota_alpha = with_attrs(
                long.pivot_table(index=["sequence", "alpha"], columns="metric", values="value", sort=False).reset_index()
                if rows else long, prov)
            self.hota_alpha.columns.name = None
            parts = []
            for sequence in (reader.children("/events") if reader.has("/events") else []):
                frame = reader.table(f"/events/{sequence}", ["frame", "gt_id", "tracker_id", "similarity", "kind"])
                frame.insert(0, "sequence", sequence)
                parts.append(frame)
            events = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(
                columns=["sequence", "frame", "gt_id", "tracker_id", "similarity", "kind"])
            events["kind_name"] = events["kind"].map(EVENT_KINDS)
            #: Every CLEAR match event: ``sequence``, ``frame``, ``gt_id`` (−1 for FP), ``tracker_id``
            #: (−1 for a miss), ``similarity``, ``kind`` (0–3) and ``kind_name``.
            self.events = with_attrs(events, prov)

    def __repr__(self) -> str:
        return f"ScoreMOTResults({self.path!r}: {len(self.sequences)} rows, convention {self.attrs.get('convention')!r})"


def open_score_mot(path: str) -> ScoreMOTResults:
    """Reads a ``score-mot --out`` file; raises :class:`ResultsFileError` naming the file and object."""
    return ScoreMOTResults(path)
