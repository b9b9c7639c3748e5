#!/usr/bin/env python3
"""Builds the Debian package corpus for Trove's relevance benchmark (trove-bench --only quality).

    Benchmarks/quality/make-debian-corpus.py [--out DIR] [--offline]

Writes, into DIR (default .build/quality):
  debian-corpus.jsonl       one reminder per Debian 12 package, in Trove's canonical JSON Lines,
                            sorted by package name (so the N-th line becomes reminder id N)
  debian-keys.txt           the package name of each line, in the same order
  debian-known-items.tsv    generated known-item queries: query <TAB> package
  apt/                      a private apt state (package lists with English descriptions)

The machine's own apt state is not touched: `apt-get update` runs against apt/ with
Acquire::Languages=en, because the long descriptions live in the Translation-en files that
Debian's container images do not download. --offline reuses apt/ as it is. Given the same
package lists, every output is byte-identical (no clock, no hash seeds, no set order).

Mapping, per package (its candidate version, as `apt-cache dumpavail` gives it):
  title   the short description (first line of Description)
  notes   the long description: paragraphs (" ." lines) separated by a blank line, wrapped
          lines joined with spaces, indented lines (lists) kept on their own lines
  list    the Section, without any "contrib/" or "non-free/" area
  tags    up to 3 debtags values, in Tag order, without the facet (works-with::pdf -> pdf,
          devel::lang:python -> python), from every facet except the bookkeeping ones
          (role, implemented-in, interface, uitoolkit, scope, x11, suite, made-of, culture,
          iso15924, special)
  completed   a fixed quarter of the packages (splitmix64 of the name's position, see
          below), as a person's list holds done items, so the completion rule is exercised
  createdAt   spread deterministically over 2024, by the same generator
Left out: packages without an English long description, transitional and dummy packages, and
debug-symbol packages (-dbg, -dbgsym, "debug symbols"): near-empty or duplicate documents.

Known-item queries (the rule): 300 packages drawn without replacement by splitmix64 (seed 12)
from the corpus; for the i-th, k = 2 words when i is even, 3 when odd, chosen from the
package's eligible words: lower-cased runs of letters and digits of at least 3 characters,
not in the STOPWORDS list below, found in at most 1% of the corpus's documents. The first word
is drawn from the title's eligible words (when it has any), the others from the title's and
notes' together, without repeats, each uniformly by the same generator. A package with fewer
than k eligible words is skipped and the next draw taken. The package itself is the only
relevant answer.
"""
import argparse
import json
import os
import re
import subprocess
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    """The generator TroveStore uses (Sources/TroveStore/Generate/SplitMix64.swift)."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        return self.next() % bound


SKIPPED_FACETS = {"role", "implemented-in", "interface", "uitoolkit", "scope", "x11", "suite", "made-of",
                  "culture", "iso15924", "special"}

STOPWORDS = set("""
the and for with from that this are was were will can its into also not but you your all any
which when what who how than then there their they them these those such use used using uses
has have had may more most other some only each both about over under after before between
package packages provides provide provided contains contain includes include program programs
library libraries support supports supported based file files data tool tools set version
versions debian user users system allows allow several many well very one two new like
""".split())

TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def run_apt(args, state):
    options = ["-o", f"Dir::State::Lists={state}/lists", "-o", f"Dir::Cache={state}/cache",
               "-o", "Acquire::Languages=en", "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache="]
    return subprocess.run(args[:1] + options + args[1:], check=True, capture_output=True, text=True).stdout


def stanzas(text):
    """Debian control stanzas as lists of (field, value) with continuation lines kept."""
    for block in text.split("\n\n"):
        fields = []
        for line in block.split("\n"):
            if not line:
                continue
            if line[0] in " \t" and fields:
                fields[-1] = (fields[-1][0], fields[-1][1] + "\n" + line)
            elif ":" in line:
                name, value = line.split(":", 1)
                fields.append((name, value.strip()))
        if fields:
            yield dict(fields)


def long_description(lines):
    """The long description's lines (each starting with a space) as notes text."""
    paragraphs, current = [], []
    for raw in lines:
        line = raw[1:] if raw.startswith(" ") else raw
        if line.strip() == ".":
            if current:
                paragraphs.append(current)
            current = []
            continue
        if line.startswith(" ") and current:
            current.append("\n" + line.strip())
        elif current:
            current.append(" " + line.strip())
        else:
            current.append(line.strip())
    if current:
        paragraphs.append(current)
    return "\n\n".join("".join(p).strip() for p in paragraphs).strip()


def tags_of(tag_field):
    tags = []
    for item in tag_field.replace("\n", " ").split(","):
        item = item.strip()
        if "::" not in item:
            continue
        facet, value = item.split("::", 1)
        if facet in SKIPPED_FACETS or "{" in value or "TODO" in value:
            continue
        value = value.split(":")[-1].strip().lower()
        if value and "," not in value and value not in tags:
            tags.append(value)
        if len(tags) == 3:
            break
    return tags


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=".build/quality")
    parser.add_argument("--offline", action="store_true", help="reuse OUT/apt as it is")
    arguments = parser.parse_args()
    out = arguments.out
    state = os.path.abspath(os.path.join(out, "apt"))
    for folder in (f"{state}/lists/partial", f"{state}/cache/archives/partial"):
        os.makedirs(folder, exist_ok=True)
    if not arguments.offline:
        print("make-debian-corpus: apt-get update into", state, file=sys.stderr)
        run_apt(["apt-get", "update"], state)

    packages = {}
    for stanza in stanzas(run_apt(["apt-cache", "dumpavail"], state)):
        name = stanza.get("Package")
        if name and name not in packages:
            packages[name] = stanza

    descriptions = {}
    lists = os.path.join(state, "lists")
    for file in sorted(os.listdir(lists)):
        if "_i18n_Translation-en" not in file:
            continue
        # NB: apt may keep index files compressed (.lz4, .gz, .xz); apt-helper reads any of them.
        text = subprocess.run(["/usr/lib/apt/apt-helper", "cat-file", os.path.join(lists, file)], check=True,
                              capture_output=True).stdout.decode("utf-8")
        for stanza in stanzas(text):
            key = (stanza.get("Package"), stanza.get("Description-md5"))
            descriptions.setdefault(key, stanza.get("Description-en", ""))

    records, keys = [], []
    for name in sorted(packages):
        stanza = packages[name]
        text = descriptions.get((name, stanza.get("Description-md5")))
        if not text:
            continue
        lines = text.split("\n")
        title, notes = lines[0].strip(), long_description(lines[1:])
        lowered = title.lower()
        if (not title or not notes or name.endswith(("-dbg", "-dbgsym")) or "transitional" in lowered
                or "dummy" in lowered or "debug symbols" in lowered or "debugging symbols" in lowered):
            continue
        keys.append(name)
        records.append({"title": title, "notes": notes, "list": stanza.get("Section", "misc").split("/")[-1] or "misc",
                        "tags": tags_of(stanza.get("Tag", ""))})

    for position, record in enumerate(records):
        draw = SplitMix64(position * 7919 + 1).next()
        minute = draw % (366 * 24 * 60)
        day, rest = divmod(minute, 24 * 60)
        created = f"2024-{1 + day // 31:02d}-{1 + day % 28:02d}T{rest // 60:02d}:{rest % 60:02d}:00.000Z"
        completed = (draw >> 20) % 4 == 0
        record.update({"priority": "none", "flagged": False, "completed": completed,
                       "completedAt": created if completed else None, "due": None, "createdAt": created})

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "debian-corpus.jsonl"), "w", encoding="utf-8") as handle:
        for record in records:
            ordered = {field: record[field] for field in ("title", "notes", "list", "tags", "priority", "flagged",
                                                          "completed", "completedAt", "due", "createdAt")}
            handle.write(json.dumps(ordered, ensure_ascii=False, separators=(",", ":")) + "\n")
    with open(os.path.join(out, "debian-keys.txt"), "w", encoding="utf-8") as handle:
        handle.write("".join(name + "\n" for name in keys))

    # Known-item queries.
    def words(text):
        return [w for w in (m.lower() for m in TOKEN.findall(text)) if len(w) >= 3 and w not in STOPWORDS]

    document_frequency = {}
    for record in records:
        for word in set(words(record["title"] + " " + record["notes"])):
            document_frequency[word] = document_frequency.get(word, 0) + 1
    limit = len(records) // 100

    def eligible(text):
        seen, result = set(), []
        for word in words(text):
            if word not in seen and document_frequency.get(word, 0) <= limit:
                seen.add(word)
                result.append(word)
        return result

    generator = SplitMix64(12)
    remaining = list(range(len(records)))
    known = []
    while len(known) < 300 and remaining:
        position = remaining.pop(generator.below(len(remaining)))
        record = records[position]
        k = 2 if len(known) % 2 == 0 else 3
        title_words = eligible(record["title"])
        pool = eligible(record["title"] + "\n" + record["notes"])
        if len(pool) < k:
            continue
        chosen = []
        if title_words:
            chosen.append(title_words[generator.below(len(title_words))])
        while len(chosen) < k:
            candidates = [w for w in pool if w not in chosen]
            chosen.append(candidates[generator.below(len(candidates))])
        known.append((" ".join(chosen), keys[position]))
    with open(os.path.join(out, "debian-known-items.tsv"), "w", encoding="utf-8") as handle:
        handle.write("".join(f"{query}\t{name}\n" for query, name in known))
    print(f"make-debian-corpus: {len(records)} documents, {len(known)} known-item queries in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
