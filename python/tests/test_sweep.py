"""``spatialeval.open_sweep`` against ``spatial-eval report sweep.h5 --json`` of the same file."""

from __future__ import annotations

import unittest

import numpy as np

import spatialeval as se

from checks import Checker, load_json, path


class SweepAgainstSwift(unittest.TestCase):
    """Every number and string of the sweep dump, as the package returns it."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.results = se.open_sweep(path("sweep", "sweep.h5"))
        cls.want = load_json("sweep.json")
        cls.sweeps = {s["name"]: s for s in cls.want["sweeps"]}

    def test_provenance_and_recordings(self) -> None:
        c = Checker(self)
        for name, value in self.want["attributes"].items():
            if name == "protocol_text":
                continue
            c.value(f"attrs[{name}]", self.results.attrs.get(name), value)
        c.values("provenance.path", self.results.provenance["path"], self.want["provenance"]["path"])
        c.values("provenance.sha256", self.results.provenance["sha256"], self.want["provenance"]["sha256"])
        c.values("recordings", self.results.recordings, self.want["recordings"])
        c.values("sweep names", self.results.sweep_names, list(self.sweeps))
        for key, value in self.want["bootstrap"].items():
            c.value(f"bootstrap_{key}", self.results.attrs[f"bootstrap_{key}"], value)
        pairs = self.results.cosine_pairs
        for name, want in self.want["cosine_pairs"].items():
            rows = pairs[pairs["recording"] == name]
            c.values(f"{name} cosine", rows["cosine"], want["cosine"])
            c.values(f"{name} same_object", rows["same_object"], want["same_object"])

    def test_axes_points_and_attributes(self) -> None:
        c = Checker(self)
        for name, want in self.sweeps.items():
            s = self.results.sweep(name)
            c.values(f"{name} axis keys", s.axis_keys, want["axis_keys"])
            for key, values in want["axes"].items():
                c.values(f"{name} axis {key}", s.axes[key], values)
            points = self.results.points(name)
            c.value(f"{name} point count", len(points), len(want["points"]))
            for k, point in enumerate(want["points"]):
                c.values(f"{name} point {k}", points.loc[k, want["axis_keys"]], point)
            c.values(f"{name} cube shape", s.cube_shape, want["cube_shape"])
            c.values(f"{name} pareto", points["pareto"], want["recommendation"]["pareto_mask"])
            for key in ("widenings", "seconds", "resumed_points"):
                c.value(f"{name} {key}", points.attrs[key], want[key])
            c.value(f"{name} attrs sweep", points.attrs["sweep"], name)

    def test_components(self) -> None:
        c = Checker(self)
        for name, want in self.sweeps.items():
            frame = self.results.components(name)
            components = want["component_names"]
            c.values(f"{name} component names", [col for col in frame.columns if col in components], components)
            recordings = self.want["recordings"]
            for p, point in enumerate(want["components"]):
                for r, values in enumerate(point):
                    row = frame[(frame["point"] == p) & (frame["recording"] == recordings[r])]
                    c.values(f"{name} components[{p}][{recordings[r]}]", row[components].iloc[0] if len(row) else [], values)
            for r, values in enumerate(want["shipped_components"]):
                row = frame[(frame["point"] == -1) & (frame["recording"] == recordings[r])]
                c.values(f"{name} shipped[{recordings[r]}]", row[components].iloc[0] if len(row) else [], values)

    def test_metric_cubes(self) -> None:
        c = Checker(self)
        for name, want in self.sweeps.items():
            wide = self.results.table(name)
            long = self.results.long(name)
            for recording, metrics in want["metrics"].items():
                rows = wide[wide["recording"] == recording].sort_values("point")
                for metric, values in metrics.items():
                    c.values(f"{name} table {recording}/{metric}", rows[metric], values)
                    lrows = long[(long["recording"] == recording) & (long["metric"] == metric)].sort_values("point")
                    c.values(f"{name} long {recording}/{metric}", lrows["value"], values)
                    cube = self.results.cube(name, metric, recording)
                    c.values(f"{name} cube {recording}/{metric}", np.asarray(cube.values).reshape(-1), values)
                    c.values(f"{name} cube {recording}/{metric} shape", np.asarray(cube.values).shape, want["cube_shape"])
            c.value(f"{name} long rows", len(long), sum(len(v) for m in want["metrics"].values() for v in m.values()))

    def test_cube_labels(self) -> None:
        """A grid cube's dimensions are the swept keys with their values; a sampled one's is ``point``."""
        c = Checker(self)
        for name, want in self.sweeps.items():
            metric = next(iter(want["metrics"]["pooled"]))
            cube = self.results.cube(name, metric)
            grid = len(want["cube_shape"]) == len(want["axis_keys"]) and \
                [len(want["axes"][k]) for k in want["axis_keys"]] == want["cube_shape"]
            dims = list(cube.dims)
            c.values(f"{name} cube dims", dims, want["axis_keys"] if grid else ["point"])
            for dim in dims:
                coord = np.asarray(cube.coords[dim])
                c.values(f"{name} coord {dim}", coord, want["axes"][dim] if grid else list(range(len(want["points"]))))
            if not grid:
                for a, key in enumerate(want["axis_keys"]):
                    c.values(f"{name} per-point {key}", np.asarray(cube.coords[key]), [p[a] for p in want["points"]])
            try:
                import xarray  # noqa: F401
                c.truth(f"{name}: an xarray DataArray", type(cube).__name__ == "DataArray")
            except ImportError:
                c.truth(f"{name}: a LabelledCube without xarray", isinstance(cube, se.LabelledCube))
                series = cube.to_series()
                c.values(f"{name} to_series", series.to_numpy(), want["metrics"]["pooled"][metric])

    def test_recommendations_and_verdicts(self) -> None:
        c = Checker(self)
        verdicts = self.results.verdicts
        for name, want in self.sweeps.items():
            rec = self.results.recommendation(name)
            w = want["recommendation"]
            c.value(f"{name} rule", rec.attrs["rule"], w["rule"])
            c.value(f"{name} chosen point", rec.attrs["chosen_point"], w["chosen_point"])
            c.values(f"{name} keys", rec["key"], want["axis_keys"])
            for column in ("value", "lower", "upper", "shipped", "verdict", "verdict_reason", "gain", "bound"):
                c.values(f"{name} recommendation/{column}", rec[column], w[column])
                c.values(f"{name} verdicts/{column}", verdicts[verdicts["sweep"] == name][column], w[column])
            folds = self.results.leave_one_out(name)
            for column, values in w["leave_one_out"].items():
                c.values(f"{name} leave_one_out/{column}", folds[column], values)
            for table in ("variants", "pivots"):
                frame = getattr(self.results, table)(name)
                if want[table] is None:
                    c.value(f"{name} {table}: empty", len(frame), 0)
                else:
                    for column, values in want[table].items():
                        c.values(f"{name} {table}/{column}", frame[column], values)


class Sweep1Fixture(unittest.TestCase):
    """``Data/legacy/sweep-v1.h5``, a file of the earlier layout ``sweep/1`` (stored metric cubes
    per recording): it reads, its cubes derived from its components equal the stored ones bit
    for bit, and its components and cubes equal the Swift reader's (``sweep-v1.json``)."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.results = se.open_sweep(path("sweep-v1.h5"))
        cls.want = load_json("sweep-v1.json")

    def test_layout_and_formulas(self) -> None:
        c = Checker(self)
        c.value("layout", self.results.layout, "sweep/1")
        c.values("formulas of sweep/1", list(self.results.metric_formulas["metric"]),
                 [metric for metric, _, _, _ in se.sweep.SWEEP1_FORMULAS])

    def test_derived_cubes_equal_the_stored_ones_bit_for_bit(self) -> None:
        c = Checker(self)
        compared = 0
        for name in self.results.sweep_names:
            stored = self.results.sweep(name).metrics
            derived = self.results.derived_metrics(name)
            c.values(f"{name} recordings", list(derived), list(stored))
            for recording, cubes in stored.items():
                c.values(f"{name} {recording} metrics", sorted(derived[recording]), sorted(cubes))
                for metric, values in cubes.items():
                    got = derived[recording][metric]
                    c.truth(f"{name} {recording}/{metric} bit for bit",
                            got.shape == values.shape and np.array_equal(got.view(np.uint64), values.view(np.uint64)))
                    compared += values.size
        c.truth("every stored value compared", compared == 7 * len(se.sweep.SWEEP1_FORMULAS) * (6 + 6))

    def test_components_and_cubes_as_the_swift_reader_reads_them(self) -> None:
        c = Checker(self)
        recordings = self.want["recordings"]
        c.values("recordings", self.results.recordings, recordings)
        for want in self.want["sweeps"]:
            name = want["name"]
            s = self.results.sweep(name)
            flat = s.components.reshape(len(s.points), len(recordings), -1)
            for p, point in enumerate(want["components"]):
                for r, values in enumerate(point):
                    c.values(f"{name} components[{p}][{recordings[r]}]", flat[p, r], values)
            for recording, metrics in want["metrics"].items():
                for metric, values in metrics.items():
                    c.values(f"{name} {recording}/{metric}", s.metrics[recording][metric].reshape(-1), values)


class Sweep2Derivation(unittest.TestCase):
    """The ``sweep/2`` file of this run: its per-recording cubes are derived on reading, and
    :meth:`derived_metrics` (which also re-derives the pooled cubes) agrees with them and with
    the pooled cubes the file stores, bit for bit."""

    def test_derived_equals_read(self) -> None:
        c = Checker(self)
        results = se.open_sweep(path("sweep", "sweep.h5"))
        c.value("layout", results.layout, "sweep/2")
        for name in results.sweep_names:
            read = results.sweep(name).metrics
            derived = results.derived_metrics(name)
            c.values(f"{name} recordings", list(derived), list(read))
            for recording in read:
                for metric, values in read[recording].items():
                    got = derived[recording][metric]
                    c.truth(f"{name} {recording}/{metric} bit for bit", np.array_equal(got.view(np.uint64), values.view(np.uint64)))


if __name__ == "__main__":
    unittest.main()
