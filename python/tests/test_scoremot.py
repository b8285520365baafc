"""``spatialeval.open_score_mot`` against ``score-mot --format json`` of the same run."""

from __future__ import annotations

import unittest

import spatialeval as se

from checks import Checker, load_json, path


class ScoreMOTAgainstSwift(unittest.TestCase):
    """The summary, the per-α arrays and the match events."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.results = se.open_score_mot(path("mot.h5"))
        cls.want = load_json("mot.json")

    def test_summary(self) -> None:
        c = Checker(self)
        results = self.want["results"]
        c.values("sequences", self.results.sequences, list(results))
        c.value("convention", self.results.attrs["convention"], self.want["convention"])
        c.value("tool_version", self.results.summary.attrs["tool_version"], self.want["version"])
        for sequence, values in results.items():
            scalars = {k: v for k, v in values.items() if not isinstance(v, (dict, list))}
            c.values(f"{sequence} metric names", sorted(self.results.summary.columns), sorted(scalars))
            for metric, value in scalars.items():
                c.value(f"{sequence} {metric}", self.results.summary.loc[sequence, metric], value)

    def test_hota_alpha(self) -> None:
        c = Checker(self)
        frame = self.results.hota_alpha
        for sequence, values in self.want["results"].items():
            alpha = values.get("alpha", {})
            rows = frame[frame["sequence"] == sequence]
            c.value(f"{sequence}: 19 α rows", len(rows), 19 if alpha else 0)
            for metric, series in alpha.items():
                c.values(f"{sequence} {metric}(α)", rows[metric], series)

    def test_events_add_up_to_the_counts(self) -> None:
        c = Checker(self)
        events = self.results.events
        for sequence, values in self.want["results"].items():
            if sequence in ("COMBINED", "OVERALL"):
                rows = events
            else:
                rows = events[events["sequence"] == sequence]
            kinds = rows["kind_name"].value_counts()
            c.value(f"{sequence} CLR_TP = matches + switches", int(kinds.get("MATCH", 0) + kinds.get("SWITCH", 0)), values["CLR_TP"])
            c.value(f"{sequence} IDSW = switches", int(kinds.get("SWITCH", 0)), values["IDSW"])
            c.value(f"{sequence} CLR_FN = misses", int(kinds.get("MISS", 0)), values["CLR_FN"])
            c.value(f"{sequence} CLR_FP = false positives", int(kinds.get("FP", 0)), values["CLR_FP"])


if __name__ == "__main__":
    unittest.main()
