"""``spatialeval.open_run`` against ``spatial-eval report results.h5 --json`` of the same file."""

from __future__ import annotations

import unittest

import spatialeval as se

from checks import Checker, load_json, path

#: Root attributes the package keeps apart from ``attrs`` (long texts), by attribute name.
SEPARATE = {"protocol_text"}


class RunAgainstSwift(unittest.TestCase):
    """Every number and string of the run dump, as the package returns it."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.results = se.open_run(path("run", "results.h5"))
        cls.want = load_json("run.json")

    def test_provenance_attributes(self) -> None:
        c = Checker(self)
        attributes = self.want["attributes"]
        c.truth("the dump has a tool version and a UTC time", "tool_version" in attributes and "created_utc" in attributes)
        for name, value in attributes.items():
            got = self.results.protocol_text if name in SEPARATE else self.results.attrs.get(name)
            c.value(f"attrs[{name}]", got, value)
        for frame_name in ("gates", "recordings", "recording_intervals", "gap_intervals", "provenance"):
            frame = getattr(self.results, frame_name)
            for name in ("tool_version", "git_commit", "created_utc", "protocol_sha256"):
                if name in attributes:
                    c.value(f"{frame_name}.attrs[{name}]", frame.attrs.get(name), attributes[name])
        c.values("provenance.path", self.results.provenance["path"], self.want["provenance"]["path"])
        c.values("provenance.sha256", self.results.provenance["sha256"], self.want["provenance"]["sha256"])
        inputs = self.results.gates.attrs["inputs"]
        c.values("attrs[inputs] paths", list(inputs), self.want["provenance"]["path"])
        c.values("attrs[inputs] hashes", list(inputs.values()), self.want["provenance"]["sha256"])
        for key, value in self.want["bootstrap"].items():
            c.value(f"bootstrap_{key}", self.results.attrs[f"bootstrap_{key}"], value)
        c.value("protocol_name", self.results.attrs["protocol_name"], self.want["protocol_name"])
        c.value("minimum_events", self.results.attrs["minimum_events"], self.want["minimum_events"])

    def test_recordings(self) -> None:
        c = Checker(self)
        want = self.want["recordings"]
        c.values("recording names", self.results.recording_names, list(want))
        rows = self.results.recordings.set_index("recording")
        for name, rec in want.items():
            for column in ("path", "sha256", "observation_count", "duplication", "unflags"):
                c.value(f"{name}.{column}", rows.loc[name, column], rec[column])
            data = self.results.data[self.results.data["recording"] == name]
            c.values(f"{name}.data keys", sorted(data["key"]), sorted(rec["data"]))
            for key, value in zip(data["key"], data["value"]):
                c.value(f"{name}.data[{key}]", value, rec["data"].get(key))
            for listed in ("duplicated_objects", "never_anchored"):
                rows_of = self.results.object_lists[(self.results.object_lists["recording"] == name)
                                                & (self.results.object_lists["list"] == listed)]
                c.values(f"{name}.{listed}", rows_of["object"], rec[listed])

    def test_per_recording_tables(self) -> None:
        c = Checker(self)
        for table in se.run.RECORDING_TABLES:
            frame = self.results.table(table)
            c.truth(f"{table}: the recording column comes first", list(frame.columns)[:1] == ["recording"])
            for name, rec in self.want["recordings"].items():
                want = rec[table]
                rows = frame[frame["recording"] == name]
                c.values(f"{name}/{table} columns", sorted(c_ for c_ in frame.columns if c_ != "recording"), sorted(want))
                for column, values in want.items():
                    c.values(f"{name}/{table}/{column}", rows[column] if column in rows else [], values)
        c.value("gaps units", self.results.gaps.attrs.get("units", {}).get("gap_m"), "m")

    def test_derived_figures(self) -> None:
        """The pandas operations of Docs/python.md agree with the Swift summaries."""
        c = Checker(self)
        instances = self.results.instances
        purity = instances.groupby("recording")["purity"].mean()
        blended = instances[instances["objects_feeding"] > 1]
        for name, rec in self.want["recordings"].items():
            c.value(f"{name}: mean purity", purity.get(name, float("nan")), rec["mean_purity"])
            c.values(f"{name}: blended instances", blended[blended["recording"] == name]["instance"], rec["blended_instances"])

    def test_intervals(self) -> None:
        c = Checker(self)
        gi = self.results.gap_intervals
        for name, rec in list(self.want["recordings"].items()) + [("pooled", self.want["pooled"])]:
            for statistic, interval in rec["gap_intervals"].items():
                row = gi[(gi["recording"] == name) & (gi["statistic"] == statistic)]
                c.value(f"{name} {statistic}: one row", len(row), 1)
                for key in ("estimate", "lower", "upper"):
                    c.value(f"{name} {statistic}.{key}", row[key].iloc[0] if len(row) else None, interval[key])
        ri = self.results.recording_intervals
        want = self.want["pooled"]["recording_intervals"]
        c.values("recording_intervals columns", sorted(ri.columns), sorted(want))
        for column, values in want.items():
            c.values(f"recording_intervals/{column}", ri[column], values)
        for key, value in self.want["pooled"]["runs_differ"].items():
            c.value(f"runs_differ.{key}", self.results.runs_differ[key], value)

    def test_gates(self) -> None:
        c = Checker(self)
        want = self.want["gates"]
        c.values("gates columns", sorted(self.results.gates.columns), sorted(want))
        for column, values in want.items():
            c.values(f"gates/{column}", self.results.gates[column], values)
        c.value("passed", self.results.passed, self.want["passed"])


if __name__ == "__main__":
    unittest.main()
