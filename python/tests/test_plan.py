"""``spatialeval.open_plan`` against the plans ``plan-shards`` wrote and the shards ``run-shard`` computed."""

from __future__ import annotations

import json
import unittest

import h5py

import spatialeval as se

from checks import Checker, path

STRATEGIES = ("blocks", "strided", "weighted")


class PlanAgainstSwift(unittest.TestCase):
    """The items of every shard as the package maps them = the points each shard file holds."""

    def test_items_of_every_shard(self) -> None:
        c = Checker(self)
        for strategy in STRATEGIES:
            plan = se.open_plan(path(f"plan-{strategy}"))
            with open(path(f"plan-{strategy}", "plan.json"), encoding="utf-8") as f:
                doc = json.load(f)
            shards = doc["mapping"]["shards"]
            c.value(f"{strategy}: strategy", plan.attrs["strategy"], strategy)
            c.value(f"{strategy}: item count", len(plan.items), doc["mapping"]["count"])
            summary = plan.shards
            for k in range(shards):
                name = f"shard-{k:05d}-of-{shards:05d}.h5"
                with h5py.File(path(f"plan-{strategy}", "shards", name), "r") as shard:
                    want = [int(i) for i in shard["point_index"][()]]
                    c.value(f"{strategy} shard {k}: shard attribute", int(shard.attrs["shard"]), k)
                c.values(f"{strategy} shard {k} items", plan.items_of(k), want)
                row = summary[summary["shard"] == k]
                c.value(f"{strategy} shard {k} count", row["items"].iloc[0], len(want))
                c.value(f"{strategy} shard {k} first", row["first"].iloc[0], min(want))
                c.value(f"{strategy} shard {k} last", row["last"].iloc[0], max(want))

    def test_units_recordings_and_attributes(self) -> None:
        c = Checker(self)
        plan = se.open_plan(path("plan-blocks", "plan.json"))
        with open(path("plan-blocks", "plan.json"), encoding="utf-8") as f:
            doc = json.load(f)
        c.values("unit names", plan.units["name"], [u["name"] for u in doc["units"]])
        c.values("unit counts", plan.units["count"], [u["count"] for u in doc["units"]])
        offset = 0
        for u, unit in enumerate(doc["units"]):
            c.value(f"unit {u} offset", plan.units["offset"].iloc[u], offset)
            items = plan.items[plan.items["unit"] == u]
            c.values(f"unit {u} local indices", items["index"], list(range(unit["count"])))
            c.values(f"unit {u} names", items["name"].unique(), [unit["name"]])
            offset += unit["count"]
        c.values("recording paths", plan.recordings["path"], [r["path"] for r in doc["recordings"]])
        c.values("recording hashes", plan.recordings["sha256"], [r["sha256"] for r in doc["recordings"]])
        for key in ("toolVersion", "gitCommit", "seed", "kind", "openblasThreads", "openblasCoretype"):
            c.value(f"attrs[{key}]", plan.items.attrs[key], doc[key])
        c.value("attrs[input_sha256]", plan.attrs["input_sha256"], doc["input"]["sha256"])
        c.value("attrs[inputs] protocol", plan.attrs["inputs"].get(doc["input"]["path"]), doc["input"]["sha256"])


if __name__ == "__main__":
    unittest.main()
