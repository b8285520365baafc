"""``spatialeval.open_warmth`` against ``spatial-eval report warmth/results.h5 --json``."""

from __future__ import annotations

import json
import unittest

import spatialeval as se

from checks import Checker, load_json, path

#: The figure columns of ``points`` and the Swift property each holds.
POINT_FIGURES = {
    "median_ttf_s": "medianTTF", "found_by_first_horizon": "foundByFirstHorizon",
    "false_find_upper_absent": "falseFindUpperAbsent", "false_find_upper_present": "falseFindUpperPresent",
    "false_finds_per_min": "falseFindsPerMin", "false_finds_per_min_upper": "falseFindsPerMinUpper",
    "warm_without_target_share": "warmWithoutTargetShare", "warm_toggles_per_min": "warmTogglesPerMin",
}
#: The grid values of ``points`` and the protocol's grid key each comes from.
GRID_KEYS = {"tau": "tau", "floor": "floor", "alpha": "alpha", "warm_on": "warmOn", "warm_gap": "warmGap", "found_score": "foundScore"}


class WarmthAgainstSwift(unittest.TestCase):
    """Counts, the per-point table, the component cube, the trials and every small table."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.w = se.open_warmth(path("warmth", "results.h5"))
        cls.want = load_json("warmth.json")
        cls.r = cls.want["results"]

    def test_counts_and_details(self) -> None:
        c = Checker(self)
        for key, swift in [("trials", "trials"), ("sessions", "sessions"), ("grid_points", "gridPoints"),
                           ("feasible_points", "feasiblePoints"), ("resumed_points", "resumedPoints")]:
            c.value(key, self.w.counts[key], self.r[swift])
        c.value("robust", self.w.counts["robust"], self.r["robust"])
        c.value("simulated", self.w.counts["simulated"], self.r["simulated"])
        for key in ("fidelity", "baseline", "recommended", "paired", "gate", "warnings"):
            c.value(f"{key} (JSON)", json.dumps(self.w.details[key], sort_keys=True), json.dumps(self.r.get(key), sort_keys=True))
        c.value("protocol_name", self.w.points.attrs["protocol_name"], self.want["protocol_name"])
        c.values("inputs", list(self.w.attrs["inputs"]), self.want["provenance"]["path"])

    def test_points(self) -> None:
        c = Checker(self)
        rows, want = self.w.points, self.r["points"]
        c.value("points", len(rows), len(want))
        grid = self.w.protocol["grid"]
        for d, name in enumerate(se.warmth.DIMENSIONS):
            c.values(f"{name}_index", rows[f"{name}_index"], [p["indices"][d] for p in want])
        for column, key in GRID_KEYS.items():
            d = se.warmth.DIMENSIONS.index(column)
            c.values(column, rows[column], [grid[key][p["indices"][d]] for p in want])
        c.values("k", rows["k"], [grid["kn"][p["indices"][6]][0] for p in want])
        c.values("n", rows["n"], [grid["kn"][p["indices"][6]][1] for p in want])
        for column, key in POINT_FIGURES.items():
            c.values(column, rows[column], [p.get(key, "NaN") for p in want])
        c.values("feasible", rows["feasible"], [p["feasible"] for p in want])

    def test_components_and_trials(self) -> None:
        c = Checker(self)
        c.values("trial_id", self.w.trials["trial_id"], self.r["trialIds"])
        c.values("session", self.w.trials["session"], self.r["trialSessions"])
        c.values("target_present", self.w.trials["target_present"], self.r["trialPresence"])
        cube = self.w.components
        want = [v for point in self.r["components"] for trial in point for v in trial]
        c.values("cube shape", list(cube.values.shape), [len(self.r["components"]), len(self.r["trialIds"]), len(self.w.component_names)])
        c.values("components", cube.values.reshape(-1), want)
        series = cube.to_series()
        c.value("long table rows", len(series), len(want))

    def test_summaries_and_tables(self) -> None:
        c = Checker(self)
        for name, key in [("baseline", "baselineSummary"), ("recommended", "recommendedSummary"), ("held_out", "heldOutSummary")]:
            if key not in self.r:
                c.truth(f"{name} absent", name not in self.w.summaries.index)
                continue
            s, row = self.r[key], self.w.summaries.loc[name]
            c.value(f"{name} JSON", json.dumps(self.w.summary_details[name], sort_keys=True), json.dumps(s, sort_keys=True))
            c.value(f"{name} trials", row["trials"], s["trials"])
            c.value(f"{name} median_ttf_s", row["median_ttf_s"], s["ttf"].get("median", "NaN"))
            c.value(f"{name} false_finds_per_min", row["false_finds_per_min"], s["falseFindsPerMinute"]["perMinute"])
            c.value(f"{name} warm_toggles_per_min", row["warm_toggles_per_min"], s["warmTogglesPerMinute"])
        for table, key, columns in [
            ("constants", "constants", {"name": "name", "shipped": "shipped", "recommended": "recommended", "fold_low": "foldLow", "fold_high": "foldHigh"}),
            ("folds", "folds", {"held_out": "heldOut", "held_out_trials": "heldOutTrials"}),
            ("neighbours", "neighbours", {"point": "point", "false_find_upper_absent": "falseFindUpperAbsent",
                                          "false_finds_per_min_upper": "falseFindsPerMinUpper", "feasible": "feasible"}),
            ("pareto", "pareto", {"point": "point", "false_finds_per_min": "falseFindsPerMin"}),
        ]:
            frame = getattr(self.w, table)
            for column, swift in columns.items():
                c.values(f"{table}.{column}", frame[column], [row[swift] for row in self.r[key]])
        c.values("folds.chosen", self.w.folds["chosen"], [row.get("chosen", "") for row in self.r["folds"]])
        c.values("pareto.median_ttf_s", self.w.pareto["median_ttf_s"], [row.get("medianTTF", "NaN") for row in self.r["pareto"]])


if __name__ == "__main__":
    unittest.main()
