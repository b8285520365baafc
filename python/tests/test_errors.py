"""Broken and mismatched files: the errors name the file and the dataset."""

from __future__ import annotations

import os
import shutil
import tempfile
import unittest

import h5py

import spatialeval as se

from checks import Checker, path


class Errors(unittest.TestCase):
    """Each broken copy is refused with a ResultsFileError naming the file and the object."""

    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.folder)

    def broken(self, source: str, edit) -> str:
        target = os.path.join(self.folder, os.path.basename(source))
        shutil.copyfile(source, target)
        with h5py.File(target, "r+") as f:
            edit(f)
        return target

    def refused(self, c: Checker, label: str, opener, file: str, obj: str) -> None:
        try:
            opener(file)
        except se.ResultsFileError as error:
            c.value(f"{label}: file named", error.file, file)
            c.value(f"{label}: object named", error.object, obj)
            c.truth(f"{label}: message holds both", file in str(error) and obj in str(error))
        else:
            c.truth(f"{label}: refused", False)

    def test_missing_and_mistyped_datasets(self) -> None:
        c = Checker(self)
        run = path("run", "results.h5")
        self.refused(c, "missing /gates/value", se.open_run, self.broken(run, lambda f: f["gates"].__delitem__("value")), "/gates/value")
        with h5py.File(run, "r") as f:
            first = sorted(f["recordings"])[0]
            length = len(f[f"recordings/{first}/gaps/gap_m"])
        column = f"/recordings/{first}/gaps/gap_m"

        def retype(f: h5py.File) -> None:
            del f[column]
            f[column] = [b"x"] * length
        self.refused(c, "a string gap_m column", se.open_run, self.broken(run, retype), column)

        def shorten(f: h5py.File) -> None:
            del f["gates/threshold"]
            f["gates/threshold"] = [0.5]
        self.refused(c, "a short /gates/threshold", se.open_run, self.broken(run, shorten), "/gates/threshold")
        sweep = path("sweep", "sweep.h5")
        with h5py.File(sweep, "r") as f:
            name = f["sweep_names"][0].decode()
        self.refused(c, "missing recommendation", se.open_sweep,
                     self.broken(sweep, lambda f: f[f"sweeps/{name}"].__delitem__("recommendation")),
                     f"/sweeps/{name}/recommendation")

    def test_wrong_layout(self) -> None:
        c = Checker(self)
        self.refused(c, "a sweep opened as a run", se.open_run, path("sweep", "sweep.h5"), "/@layout")
        self.refused(c, "a run opened as a sweep", se.open_sweep, path("run", "results.h5"), "/@layout")
        self.refused(c, "score-mot opened as a run", se.open_run, path("mot.h5"), "/@layout")
        c.value("open_results picks the run reader", type(se.open_results(path("run", "results.h5"))).__name__, "RunResults")
        c.value("open_results picks the sweep reader", type(se.open_results(path("sweep", "sweep.h5"))).__name__, "SweepResults")
        c.value("open_results picks the score-mot reader", type(se.open_results(path("mot.h5"))).__name__, "ScoreMOTResults")
        c.value("open_results picks the warmth reader", type(se.open_results(path("warmth", "results.h5"))).__name__, "WarmthResults")
        self.refused(c, "a warmth file opened as a run", se.open_run, path("warmth", "results.h5"), "/@layout")

    def test_broken_warmth_files(self) -> None:
        c = Checker(self)
        warmth = path("warmth", "results.h5")

        def past_the_grid(f: h5py.File) -> None:
            column = f["points/tau_index"][()]
            column[0] = 99
            del f["points/tau_index"]
            f["points/tau_index"] = column

        self.refused(c, "a point index past the grid", se.open_warmth, self.broken(warmth, past_the_grid), "/points/tau_index")

        def short_cube(f: h5py.File) -> None:
            cube = f["components"][()]
            del f["components"]
            f["components"] = cube[:-1]

        self.refused(c, "a component cube of the wrong shape", se.open_warmth, self.broken(warmth, short_cube), "/components")
        self.refused(c, "a missing points table", se.open_warmth, self.broken(warmth, lambda f: f.__delitem__("points")), "/points")

    def test_not_a_results_file(self) -> None:
        c = Checker(self)
        missing = os.path.join(self.folder, "none.h5")
        self.refused(c, "a missing file", se.open_run, missing, "")
        text = os.path.join(self.folder, "plan.json")
        with open(text, "w") as f:
            f.write('{"format": "something-else"}')
        self.refused(c, "another JSON format", se.open_plan, text, "format")


if __name__ == "__main__":
    unittest.main()
