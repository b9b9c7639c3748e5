#!/usr/bin/env python3
"""Tantivy as an anchor for Trove's benchmark: index the rows `trove-bench anchor-input`
wrote, run each query class's queries as top-20 BM25 searches, and print one JSON object a
line: first the index ({"kind": "index", ...}), then one per class ({"kind": "class", ...}).

    .build/anchors-venv/bin/python Benchmarks/anchors/tantivy_anchor.py --input DIR > tantivy.jsonl

`scripts/bench --anchors` installs tantivy==0.27.0 into .build/anchors-venv and runs this.
Python 3.11, stdlib and tantivy only. How each class maps: Benchmarks/anchors/README.md.
"""

import argparse
import importlib.metadata
import json
import os
import re
import sys
import tempfile
import time

WANTED_VERSION = "0.27.0"
TEXT_FIELDS = ("title", "notes", "tags")
# NB: FTS5's rank is bm25(10.0, 1.0, 5.0) over title, notes, tags (schema/002); the same
# weights as boosts keep the two rankings' emphasis alike.
FIELD_BOOSTS = {"title": 10.0, "notes": 1.0, "tags": 5.0}
TOKENIZER = "trove_fold"
LIMIT = 20


class AnchorError(Exception):
    """A failure the person running the benchmark can fix; the message says how."""


def fail(message):
    print(f"tantivy_anchor: {message}", file=sys.stderr)
    sys.exit(2)


def import_tantivy():
    try:
        import tantivy
    except ImportError:
        fail(
            "the tantivy package is not installed for this Python; run scripts/bench --anchors, "
            f"which installs tantivy=={WANTED_VERSION} into .build/anchors-venv"
        )
    # NB: tantivy.__version__ names the Rust crate and its index format; the package's is pip's.
    installed = importlib.metadata.version("tantivy")
    if installed != WANTED_VERSION:
        fail(
            f"tantivy {installed} is installed, the benchmark pins {WANTED_VERSION}; "
            "delete .build/anchors-venv and rerun scripts/bench --anchors"
        )
    return tantivy


def read_jsonl(path):
    try:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if line.strip():
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError as error:
                        raise AnchorError(f"{path}:{number} is not JSON ({error.msg}); rerun trove-bench anchor-input")
    except FileNotFoundError:
        raise AnchorError(f"{path} is missing; write it with trove-bench anchor-input --out {os.path.dirname(path)}")


def percentile(samples, p):
    """Nearest rank, as trove-bench's LatencyStats: the ceil(p/100 * n)-th smallest."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    rank = -(-p * len(ordered) // 100)
    return ordered[min(max(int(rank), 1), len(ordered)) - 1]


def build_schema(tantivy):
    builder = tantivy.SchemaBuilder()
    for field in TEXT_FIELDS:
        builder.add_text_field(field, tokenizer_name=TOKENIZER, index_option="position")
    # Keyword fields: one untokenized, lower-cased value each (Trove compares names ignoring case).
    builder.add_text_field("list", tokenizer_name="raw", index_option="basic", fast=True)
    builder.add_text_field("tag", tokenizer_name="raw", index_option="basic", fast=True)
    builder.add_boolean_field("completed", indexed=True, fast=True)
    builder.add_boolean_field("flagged", indexed=True, fast=True)
    builder.add_unsigned_field("priority", indexed=True, fast=True)
    builder.add_unsigned_field("id", stored=True, fast=True)
    return builder.build()


def folding_analyzer(tantivy):
    """Closest to FTS5's unicode61 remove_diacritics 2: split at non-alphanumerics, lower-case,
    fold accents to ASCII. No stemming and no length cap, as unicode61."""
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .build()
    )


def build_index(tantivy, rows_path, folder):
    """Indexes every row with one writer thread; returns (index, rows, seconds, bytes).

    The time runs from the first line read to the last merge: reading and parsing the JSON
    Lines are in it, as in `trove import` of a .jsonl file."""
    schema = build_schema(tantivy)
    index = tantivy.Index(schema, path=folder)
    index.register_tokenizer(TOKENIZER, folding_analyzer(tantivy))
    start = time.perf_counter()
    # NB: one thread, as Trove's import writes on one connection.
    writer = index.writer(heap_size=256_000_000, num_threads=1)
    rows = 0
    for row in read_jsonl(rows_path):
        rows += 1
        document = tantivy.Document()
        document.add_unsigned("id", row["id"])
        document.add_text("title", row["title"])
        document.add_text("notes", row["notes"])
        document.add_text("tags", ", ".join(row["tags"]))
        document.add_text("list", row["list"].lower())
        for tag in row["tags"]:
            document.add_text("tag", tag.lower())
        document.add_boolean("completed", row["completed"])
        document.add_boolean("flagged", row["flagged"])
        document.add_unsigned("priority", row["priority"])
        writer.add_document(document)
    writer.commit()
    writer.wait_merging_threads()
    seconds = time.perf_counter() - start
    index.reload()
    size = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))
    return index, rows, seconds, size


class QueryBuilder:
    """Turns one parsed query of queries.jsonl into a Tantivy query."""

    def __init__(self, tantivy, schema):
        self.tantivy = tantivy
        self.schema = schema
        self.Query = tantivy.Query
        self.Occur = tantivy.Occur

    def field_query(self, field, term):
        Query, words = self.Query, term["words"]
        if len(words) == 1:
            if term["prefix"]:
                # Every token that starts with the word; a constant score, like any multi-term query.
                query = Query.regex_query(self.schema, field, re.escape(words[0]) + ".*")
            else:
                query = Query.term_query(self.schema, field, words[0], index_option="freq")
        elif term["prefix"]:
            query = Query.phrase_prefix_query(self.schema, field, words)
        else:
            query = Query.phrase_query(self.schema, field, words)
        boost = FIELD_BOOSTS[field]
        return query if boost == 1.0 else Query.boost_query(query, boost)

    def term_query(self, term):
        """The term in any of title, notes and tags."""
        return self.Query.boolean_query([(self.Occur.Should, self.field_query(field, term)) for field in TEXT_FIELDS])

    def condition(self, condition):
        value = condition["value"]
        if condition["field"] not in ("completed", "flagged", "priority", "list", "tag"):
            raise AnchorError(f"unknown filter field {condition['field']!r}; update tantivy_anchor.py with trove-bench")
        return self.Query.term_query(self.schema, condition["field"], value)

    def build(self, parsed):
        Query, Occur = self.Query, self.Occur
        clauses = []
        for group in parsed["groups"]:
            alternatives = [self.term_query(term) for term in group]
            query = alternatives[0] if len(alternatives) == 1 else Query.boolean_query(
                [(Occur.Should, alternative) for alternative in alternatives])
            clauses.append((Occur.Must, query))
        for term in parsed["excluded"]:
            clauses.append((Occur.MustNot, self.term_query(term)))
        for clause in parsed["filters"]:
            any_of = Query.boolean_query([(Occur.Should, self.condition(c)) for c in clause["anyOf"]])
            # NB: filters do not score, as Trove's and FTS5's do not: BM25 is the text's alone.
            clauses.append((Occur.MustNot if clause["negated"] else Occur.Must, Query.const_score_query(any_of, 0.0)))
        if not any(occur == Occur.Must for occur, _ in clauses):
            clauses.append((Occur.Must, Query.all_query()))
        return Query.boolean_query(clauses)


def run_classes(tantivy, index, queries):
    """Per class, in input order: a warm-up pass over its queries, then the timed pass."""
    searcher = index.searcher()
    builder = QueryBuilder(tantivy, index.schema)
    classes = {}
    for parsed in queries:
        classes.setdefault(parsed["class"], []).append(parsed)
    for label, parsed_queries in classes.items():
        built = [builder.build(parsed) for parsed in parsed_queries]
        for query in built:
            searcher.search(query, LIMIT, count=True)
        timings, hits = [], []
        for query in built:
            start = time.perf_counter()
            result = searcher.search(query, LIMIT, count=True)
            timings.append((time.perf_counter() - start) * 1000)
            hits.append(result.count)
        yield {
            "kind": "class",
            "class": label,
            "queries": len(built),
            "p50_ms": round(percentile(timings, 50), 4),
            "p99_ms": round(percentile(timings, 99), 4),
            "mean_ms": round(sum(timings) / len(timings), 4),
            "texts": [parsed["text"] for parsed in parsed_queries],
            "ms": [round(t, 4) for t in timings],
            "hits": hits,
        }


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="the folder trove-bench anchor-input wrote")
    options = parser.parse_args(arguments)
    tantivy = import_tantivy()
    try:
        queries = list(read_jsonl(os.path.join(options.input, "queries.jsonl")))
        with tempfile.TemporaryDirectory(prefix="tantivy-anchor-") as folder:
            print("tantivy_anchor: indexing…", file=sys.stderr)
            index, rows, seconds, size = build_index(tantivy, os.path.join(options.input, "rows.jsonl"), folder)
            print(json.dumps({
                "kind": "index", "engine": f"tantivy {WANTED_VERSION}", "rows": rows,
                "index_seconds": round(seconds, 4), "index_bytes": size,
            }), flush=True)
            print(f"tantivy_anchor: {rows} rows in {seconds:.1f} s; running {len(queries)} queries…", file=sys.stderr)
            for result in run_classes(tantivy, index, queries):
                print(json.dumps(result, ensure_ascii=False), flush=True)
    except AnchorError as error:
        fail(str(error))
    except KeyError as error:
        fail(f"a row or query lacks the key {error}; rerun trove-bench anchor-input with this checkout's trove-bench")


if __name__ == "__main__":
    main()
