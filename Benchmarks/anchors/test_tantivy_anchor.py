"""Tests of tantivy_anchor.py; not part of CI (scripts/test does not run them).

    python3 Benchmarks/anchors/test_tantivy_anchor.py                        # tantivy tests skipped
    .build/anchors-venv/bin/python Benchmarks/anchors/test_tantivy_anchor.py # all of them

The index tests need tantivy==0.27.0 (scripts/bench --anchors installs it) and are skipped,
with that reason, without it. Nothing here uses the network.
"""

import contextlib
import importlib.util
import io
import json
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True   # NB: no __pycache__ beside the script, in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tantivy_anchor  # noqa: E402

HAS_TANTIVY = importlib.util.find_spec("tantivy") is not None

ROWS = [
    {"id": 1, "title": "Call the dentist about teeth", "notes": "Café crème with Zürich team", "tags": ["call", "Errand"],
     "list": "Work", "completed": False, "flagged": True, "priority": 3},
    {"id": 2, "title": "Buy oat milk", "notes": "", "tags": [], "list": "Home", "completed": True, "flagged": False, "priority": 0},
    {"id": 3, "title": "Walk the dog", "notes": "call mom", "tags": ["home"], "list": "home", "completed": False,
     "flagged": False, "priority": 1},
]


def word(words, prefix=False, phrase=False):
    return {"words": words, "prefix": prefix, "phrase": phrase}


def query(label, text, groups=(), excluded=(), filters=()):
    return {"class": label, "text": text, "typing": False, "groups": [list(g) for g in groups],
            "excluded": list(excluded), "filters": list(filters)}


def condition(field, value, negated=False):
    return {"anyOf": [{"field": field, "value": value}], "negated": negated}


# (query, how many of ROWS match it)
CASES = [
    (query("1-char prefix", "c", [[word(["c"], prefix=True)]]), 2),    # call, cafe, creme; call
    (query("2-char prefix", "te", [[word(["te"], prefix=True)]]), 1),  # teeth, team
    (query("phrase", '"oat milk"', [[word(["oat", "milk"], phrase=True)]]), 1),
    (query("phrase", '"milk oat"', [[word(["milk", "oat"], phrase=True)]]), 0),
    (query("two words", "zurich cafe", [[word(["zurich"])], [word(["cafe"])]]), 1),  # folded accents
    (query("rare term", "call -mom", [[word(["call"])]], excluded=[word(["mom"])]), 1),
    (query("filter only", "is:flagged list:Work", filters=[condition("flagged", True), condition("list", "work")]), 1),
    (query("filter only", "-is:flagged list:home",
           filters=[condition("flagged", True, negated=True), condition("list", "home")]), 2),
    (query("filter + text", "p:low tag:home call",
           [[word(["call"])]], filters=[condition("priority", 1), condition("tag", "home")]), 1),
    (query("filter + text", "is:completed milk", [[word(["milk"])]], filters=[condition("completed", True)]), 1),
    (query("no hit", "callqx", [[word(["callqx"])]]), 0),
]


class PercentileTests(unittest.TestCase):
    def test_nearest_rank_as_trove_bench(self):
        self.assertEqual(tantivy_anchor.percentile([5, 1, 4, 2, 3], 50), 3)
        self.assertEqual(tantivy_anchor.percentile([5, 1, 4, 2, 3], 99), 5)
        self.assertEqual(tantivy_anchor.percentile(list(range(100, 0, -1)), 99), 99)
        self.assertEqual(tantivy_anchor.percentile([7], 0), 7)


@unittest.skipUnless(HAS_TANTIVY, "tantivy is not installed here; run with .build/anchors-venv/bin/python")
class AnchorTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        with open(os.path.join(self.folder.name, "rows.jsonl"), "w", encoding="utf-8") as file:
            file.writelines(json.dumps(row) + "\n" for row in ROWS)
        with open(os.path.join(self.folder.name, "queries.jsonl"), "w", encoding="utf-8") as file:
            file.writelines(json.dumps(case) + "\n" for case, _ in CASES)

    def tearDown(self):
        self.folder.cleanup()

    def run_anchor(self):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            tantivy_anchor.main(["--input", self.folder.name])
        return [json.loads(line) for line in out.getvalue().splitlines()]

    def test_counts_every_match_per_query_in_input_order(self):
        lines = self.run_anchor()
        self.assertEqual(lines[0]["kind"], "index")
        self.assertEqual((lines[0]["engine"], lines[0]["rows"]), ("tantivy 0.27.0", 3))
        self.assertGreater(lines[0]["index_bytes"], 0)
        got = {}
        for line in lines[1:]:
            self.assertEqual(len(line["ms"]), line["queries"])
            got.update(zip(line["texts"], line["hits"]))
        self.assertEqual(got, {case["text"]: hits for case, hits in CASES})

    def test_a_missing_input_is_a_clear_error(self):
        os.remove(os.path.join(self.folder.name, "rows.jsonl"))
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as exit:
            tantivy_anchor.main(["--input", self.folder.name])
        self.assertEqual(exit.exception.code, 2)
        self.assertIn("rows.jsonl is missing; write it with trove-bench anchor-input", err.getvalue())


if __name__ == "__main__":
    unittest.main()
