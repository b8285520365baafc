"""``results.h5`` of ``spatial-eval run`` (layout ``run/1``) as pandas DataFrames.

>>> run = open_run("Reports/default/results.h5")
>>> run.recording_intervals        # pooled figures with bootstrap intervals over recordings
>>> run.gates[["metric", "value", "lower", "upper", "verdict"]]
>>> run.table("detect_every_n")    # one row per (recording, N), recording first

Every DataFrame carries the file's provenance in ``.attrs`` (tool version, git commit, UTC
time, protocol name and SHA-256, bootstrap settings, ``inputs``: path → SHA-256).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pandas as pd

from ._h5 import H5Reader, ResultsFileError, with_attrs

#: The layout tag of a run's results file.
LAYOUT = "run/1"

#: The per-recording tables, each a group ``/recordings/<name>/<table>`` of 1-D columns.
RECORDING_TABLES = (
    "gaps", "errors", "instances", "detect_every_n", "recorded_track_ids", "tracking_3d",
    "absence_flags", "removals", "lock_on", "policy_instances", "policy_errors",
)

#: Element types of the columns every per-recording table has (checked on reading).
COLUMN_KINDS = {
    "gaps": {"instance": "int", "gap_m": "float"},
    "errors": {"instance": "int", "error_m": "float"},
    "instances": {"instance": "int", "object": "int", "purity": "float"},
    "detect_every_n": {"n": "int", "mota": "float", "idf1": "float", "hota": "float"},
    "recorded_track_ids": {"n": "int", "mota": "float", "idf1": "float", "hota": "float"},
    "tracking_3d": {"gate_m": "float", "tp": "int", "fp": "int", "fn": "int"},
    "absence_flags": {"time_s": "float", "verdict": "string"},
    "removals": {"time_s": "float", "latency_s": "float", "object": "int"},
    "lock_on": {"request": "int", "verdict": "string"},
    "policy_instances": {"policy": "int", "instance": "int"},
    "policy_errors": {"policy": "int", "error_m": "float"},
}

#: The per-recording integer lists (object ids).
RECORDING_LISTS = ("duplicated_objects", "never_anchored")

#: The scalar attributes of each recording's group.
RECORDING_ATTRIBUTES = ("path", "sha256", "observation_count", "duplication", "unflags")


def _intervals(reader: H5Reader, path: str) -> pd.DataFrame:
    """A ``gap_intervals`` group (statistic, estimate, lower, upper) as a DataFrame."""
    return reader.table(path, ["statistic", "estimate", "lower", "upper"])


class RunResults:
    """Everything ``results.h5`` holds, read eagerly (the file is closed afterwards).

    Attributes are DataFrames unless said otherwise; ``attrs`` is the provenance dict that
    every DataFrame also carries.
    """

    def __init__(self, path: str) -> None:
        with H5Reader(path, LAYOUT) as reader:
            self.path: str = reader.path
            #: Provenance: root attributes (``tool_version``, ``git_commit``, ``created_utc``, …) and ``inputs``.
            self.attrs: Dict[str, Any] = reader.provenance()
            prov = self.attrs
            #: The protocol's full text (the ``protocol_text`` attribute).
            self.protocol_text: str = reader.attribute("/", "protocol_text", kind="string")
            #: The effective replay configuration (parsed JSON).
            self.replay_configuration: Dict[str, Any] = json.loads(reader.attribute("/", "replay_configuration", kind="string"))
            #: Every input (the protocol first, then the recordings): ``path``, ``sha256``.
            self.provenance = with_attrs(reader.table("/provenance", ["path", "sha256"]), prov)
            names = reader.children("/recordings")
            #: The recording names, in the file's order (sorted).
            self.recording_names: List[str] = names
            rows = []
            for name in names:
                base = f"/recordings/{name}"
                row: Dict[str, Any] = {"recording": name}
                for attribute in RECORDING_ATTRIBUTES:
                    row[attribute] = reader.attribute(base, attribute)
                rows.append(row)
            #: One row per recording: ``recording``, ``path``, ``sha256``, ``observation_count``, ``duplication``, ``unflags``.
            self.recordings = with_attrs(pd.DataFrame(rows, columns=["recording", *RECORDING_ATTRIBUTES]), prov)
            self._tables: Dict[str, pd.DataFrame] = {}
            for table in RECORDING_TABLES:
                parts = []
                for name in names:
                    frame = reader.table(f"/recordings/{name}/{table}", kinds=COLUMN_KINDS[table])
                    frame.insert(0, "recording", name)
                    parts.append(frame)
                combined = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame({"recording": []})
                units = next((p.attrs["units"] for p in parts if "units" in p.attrs), None)
                self._tables[table] = with_attrs(combined, prov, **({"units": units} if units else {}))
            lists = []
            for name in names:
                for listed in RECORDING_LISTS:
                    for obj in reader.array(f"/recordings/{name}/{listed}", "int"):
                        lists.append({"recording": name, "list": listed, "object": int(obj)})
            #: Objects split into several instances and objects never anchored: ``recording``, ``list``, ``object``.
            self.object_lists = with_attrs(pd.DataFrame(lists, columns=["recording", "list", "object"]), prov)
            data = []
            for name in names:
                frame = reader.table(f"/recordings/{name}/data", ["key", "value"])
                data += [{"recording": name, "key": k, "value": v} for k, v in zip(frame["key"], frame["value"])]
            #: Each recording's data statement (meta entries): ``recording``, ``key``, ``value``.
            self.data = with_attrs(pd.DataFrame(data, columns=["recording", "key", "value"]), prov)
            parts = []
            for name in names:
                frame = _intervals(reader, f"/recordings/{name}/gap_intervals")
                frame.insert(0, "recording", name)
                parts.append(frame)
            pooled = _intervals(reader, "/pooled/gap_intervals")
            pooled.insert(0, "recording", "pooled")
            #: Median and p90 re-anchor gap with intervals per recording, then ``pooled``:
            #: ``recording``, ``statistic``, ``estimate``, ``lower``, ``upper`` (metres).
            self.gap_intervals = with_attrs(pd.concat(parts + [pooled], ignore_index=True), prov)
            #: Pooled figures with bootstrap intervals over whole recordings: ``figure``,
            #: ``parameter`` (N, the 3-D gate or NaN), ``estimate``, ``lower``, ``upper``, ``recordings``.
            self.recording_intervals = with_attrs(
                reader.table("/pooled/recording_intervals", ["figure", "parameter", "estimate", "lower", "upper", "recordings"]), prov)
            differ = reader.attributes("/pooled/runs_differ")
            #: Kruskal–Wallis on per-instance median gaps: ``test``, ``statistic``, ``p_value``, ``groups``, ``instances``.
            self.runs_differ: Dict[str, Any] = {k: differ[k] for k in ("test", "statistic", "p_value", "groups", "instances") if k in differ}
            for key in ("statistic", "p_value", "groups", "instances"):
                if key not in self.runs_differ:
                    raise ResultsFileError(reader.path, f"/pooled/runs_differ/@{key}", "required attribute is missing")
            gates = reader.table("/gates", ["metric", "op", "bound", "threshold", "value", "lower", "upper", "successes",
                                            "events", "event_unit", "verdict", "passed"],
                                 kinds={"metric": "string", "threshold": "float", "value": "float", "lower": "float",
                                        "upper": "float", "successes": "int", "events": "int", "passed": "int"})
            gates["passed"] = gates["passed"].astype(bool)
            #: One row per gate, in protocol order (``passed`` as bool).
            self.gates = with_attrs(gates, prov)
            #: Whether the file holds a ``/fusion`` group (depth-fusion variants; read it with h5py).
            self.has_fusion: bool = reader.has("/fusion")

    @property
    def passed(self) -> bool:
        """True when no gate failed (an undecided or not-measurable gate does not fail the run)."""
        return not (self.gates["verdict"] == "fail").any()

    @property
    def tables(self) -> List[str]:
        """The names :meth:`table` accepts."""
        return list(RECORDING_TABLES)

    def table(self, name: str) -> pd.DataFrame:
        """A per-recording table of every recording, stacked: a ``recording`` column, then the
        table's columns as stored (``gaps``: ``instance``, ``gap_m``; ``detect_every_n``: ``n``,
        ``mota``, ``idf1``, ``hota``, …; see :data:`RECORDING_TABLES`)."""
        if name not in self._tables:
            raise KeyError(f"{self.path}: no per-recording table {name!r} (one of {', '.join(RECORDING_TABLES)})")
        return self._tables[name]

    def __getattr__(self, name: str) -> pd.DataFrame:
        tables = self.__dict__.get("_tables", {})
        if name in tables:
            return tables[name]
        raise AttributeError(name)

    def __repr__(self) -> str:
        return (f"RunResults({self.path!r}: protocol {self.attrs.get('protocol_name')!r}, "
                f"{len(self.recording_names)} recordings, {len(self.gates)} gates)")


def open_run(path: str) -> RunResults:
    """Reads a run's ``results.h5``; raises :class:`ResultsFileError` naming the file and object."""
    return RunResults(path)
